import { TextInput, type TextInputProps } from '@mantine/core';

/** The 6-digit code from a confirmation or reset email. */
export function ConfirmationCodeInput(props: Omit<TextInputProps, 'label'>) {
  return (
    <TextInput
      label="Confirmation code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      {...props}
    />
  );
}
