import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useAuthorizedEmails } from '@/features/authorized-emails/api/get-authorized-emails';
import { AddAuthorizedEmailForm } from '@/features/authorized-emails/components/add-authorized-email-form';
import { AuthorizedEmailsTable } from '@/features/authorized-emails/components/authorized-emails-table';
import { authorizedEmailErrorMessage } from '@/features/authorized-emails/utils/authorized-email-error-message';

interface AuthorizedEmailsSectionProps {
  /** Whether the signed-in user may change them (the owner, or a SuperAdmin acting). */
  canModify: boolean;
}

/**
 * Authorized emails (docs/product.md#balers-and-authorized-emails), for the Balers screen: emails
 * other than the account's under which balers' ACM subscriptions may run. Everyone sees them; only
 * the owner adds, confirms with the holder's code, resends and removes.
 */
export function AuthorizedEmailsSection({ canModify }: AuthorizedEmailsSectionProps) {
  const emails = useAuthorizedEmails();

  return (
    <Stack gap="md" component="section" aria-labelledby="authorized-emails-title">
      <Title order={2} size="h3" id="authorized-emails-title">
        Authorized emails
      </Title>
      <Text c="dimmed">
        Register balers whose ACM subscription runs under another email, for example your dealer's.
        The email's holder confirms from the link we mail them, or gives you the code; until then it
        is Pending, and the request expires if nobody confirms it in time.
      </Text>
      <AddAuthorizedEmailForm disabled={!canModify} />
      {emails.isPending ? (
        <Loader aria-label="Loading authorized emails" />
      ) : emails.isError ? (
        <Alert color="red" variant="light" role="alert">
          {authorizedEmailErrorMessage(emails.error)}
        </Alert>
      ) : (
        <AuthorizedEmailsTable emails={emails.data.authorizedEmails} canModify={canModify} />
      )}
    </Stack>
  );
}
