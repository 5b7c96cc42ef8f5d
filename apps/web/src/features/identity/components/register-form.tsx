import { messages } from '@baletrack/contracts/errors/messages';
import {
  type RegisterRequest,
  type RegisterRequestInput,
  registerRequestSchema,
} from '@baletrack/contracts/identity/register';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useRegister } from '@/features/identity/api/register';
import { AgreementCheckbox } from '@/features/identity/components/agreement-checkbox';
import { BackToSignIn } from '@/features/identity/components/back-to-sign-in';
import { FormAlert } from '@/features/identity/components/form-alert';
import { LegalDocumentDialog } from '@/features/identity/components/legal-document-dialog';
import type { LegalDocument } from '@/features/identity/components/legal-documents';
import { ApiError } from '@/lib/api-client';
import { passwordHint } from '@/lib/password-hint';

const fieldNames = [
  'organizationName',
  'email',
  'password',
  'confirmPassword',
  'eulaAccepted',
  'privacyAccepted',
] as const satisfies readonly (keyof RegisterRequestInput)[];

function isFieldName(path: string): path is (typeof fieldNames)[number] {
  return (fieldNames as readonly string[]).includes(path);
}

interface RegisterFormProps {
  onRegistered: (email: string, password: string, confirmed: boolean) => void | Promise<void>;
  onBack: () => void;
}

export function RegisterForm({ onRegistered, onBack }: RegisterFormProps) {
  const [openDocument, setOpenDocument] = useState<LegalDocument | null>(null);
  const registration = useRegister();
  const form = useForm<RegisterRequestInput, unknown, RegisterRequest>({
    resolver: zodResolver(registerRequestSchema),
    defaultValues: {
      organizationName: '',
      email: '',
      password: '',
      confirmPassword: '',
      eulaAccepted: false,
      privacyAccepted: false,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (request) => {
    try {
      const account = await registration.mutateAsync(request);
      await onRegistered(account.email, request.password, account.userConfirmed);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        form.setError('root', { message: messages.generic });
        return;
      }
      // The server checks with the same schema; its field issues go under their fields.
      const fieldIssues = (error.body.issues ?? []).filter((issue) => isFieldName(issue.path));
      for (const issue of fieldIssues) {
        if (isFieldName(issue.path)) {
          form.setError(issue.path, { message: issue.message });
        }
      }
      if (fieldIssues.length === 0) {
        form.setError('root', { message: error.message });
      }
    }
  });

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={errors.root?.message} />
          <TextInput
            label="Organization name"
            autoComplete="organization"
            error={errors.organizationName?.message}
            {...form.register('organizationName')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description={passwordHint}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Controller
            control={form.control}
            name="eulaAccepted"
            render={({ field: { value, ...field } }) => (
              <AgreementCheckbox
                {...field}
                checked={value === true}
                documentName="EULA"
                onOpenDocument={() => setOpenDocument('eula')}
                error={errors.eulaAccepted?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="privacyAccepted"
            render={({ field: { value, ...field } }) => (
              <AgreementCheckbox
                {...field}
                checked={value === true}
                documentName="Privacy Statement"
                onOpenDocument={() => setOpenDocument('privacy')}
                error={errors.privacyAccepted?.message}
              />
            )}
          />
          <Button type="submit" loading={isSubmitting} fullWidth>
            Create account
          </Button>
          <BackToSignIn onClick={onBack} />
        </Stack>
      </form>
      <LegalDocumentDialog document={openDocument} onClose={() => setOpenDocument(null)} />
    </>
  );
}
