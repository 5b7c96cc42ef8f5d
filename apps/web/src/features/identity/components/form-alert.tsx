import { Alert } from '@mantine/core';

interface FormAlertProps {
  message: string | undefined;
  tone?: 'error' | 'success';
}

/** A message about the whole form (a refused sign-in, a confirmed account). */
export function FormAlert({ message, tone = 'error' }: FormAlertProps) {
  if (!message) {
    return null;
  }
  return (
    <Alert color={tone === 'error' ? 'red' : 'green'} variant="light" role="alert">
      {message}
    </Alert>
  );
}
