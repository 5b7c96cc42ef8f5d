import { messages } from '@baletrack/contracts/errors/messages';
import { registerRequestSchema } from '@baletrack/contracts/identity/register';
import { useState } from 'react';
import { register } from '@/features/identity/api/register';
import { AgreementCheckbox } from '@/features/identity/components/agreement-checkbox';
import {
  BackToSignIn,
  Button,
  FormAlert,
  PasswordField,
  TextField,
} from '@/features/identity/components/auth-ui';
import { LegalDocumentDialog } from '@/features/identity/components/legal-document-dialog';
import type { LegalDocument } from '@/features/identity/components/legal-documents';
import { type FieldErrors, useAuthForm } from '@/features/identity/hooks/use-auth-form';
import { checkWithSchema } from '@/features/identity/utils/check-with-schema';
import { ApiError } from '@/lib/api-client';
import { passwordHint } from '@/lib/password-hint';

const initial = {
  organizationName: '',
  email: '',
  password: '',
  confirmPassword: '',
  eulaAccepted: false,
  privacyAccepted: false,
};
type Values = typeof initial;

const check = checkWithSchema<typeof registerRequestSchema, Values>(registerRequestSchema);

function isFieldName(path: string): path is keyof Values {
  return Object.hasOwn(initial, path);
}

interface RegisterFormProps {
  onRegistered: (email: string, password: string, confirmed: boolean) => void | Promise<void>;
  onBack: () => void;
}

export function RegisterForm({ onRegistered, onBack }: RegisterFormProps) {
  const [openDocument, setOpenDocument] = useState<LegalDocument | null>(null);
  const form = useAuthForm(initial, check);

  const submit = form.onSubmit(async (request) => {
    try {
      const account = await register(request);
      await onRegistered(account.email, request.password, account.userConfirmed);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        form.setRootError(messages.generic);
        return;
      }
      // The server checks with the same schema; its field issues go under their fields.
      const fieldErrors: FieldErrors<Values> = {};
      for (const issue of error.body.issues ?? []) {
        if (isFieldName(issue.path)) fieldErrors[issue.path] ??= issue.message;
      }
      if (Object.keys(fieldErrors).length > 0) {
        form.setErrors(fieldErrors);
      } else {
        form.setRootError(error.message);
      }
    }
  });

  return (
    <>
      <form className="bt-auth-form" onSubmit={submit} noValidate>
        <FormAlert message={form.rootError} />
        <TextField
          label="Organization name"
          autoComplete="organization"
          {...form.field('organizationName')}
        />
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          description={passwordHint}
          {...form.field('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
        />
        <AgreementCheckbox
          documentName="EULA"
          checked={form.values.eulaAccepted}
          onChange={(checked) => form.setValue('eulaAccepted', checked)}
          onOpenDocument={() => setOpenDocument('eula')}
          error={form.errors.eulaAccepted}
        />
        <AgreementCheckbox
          documentName="Privacy Statement"
          checked={form.values.privacyAccepted}
          onChange={(checked) => form.setValue('privacyAccepted', checked)}
          onOpenDocument={() => setOpenDocument('privacy')}
          error={form.errors.privacyAccepted}
        />
        <Button type="submit" loading={form.submitting}>
          Create account
        </Button>
        <BackToSignIn onClick={onBack} />
      </form>
      <LegalDocumentDialog document={openDocument} onClose={() => setOpenDocument(null)} />
    </>
  );
}
