import { messages } from '@baletrack/contracts/errors/messages';
import { may } from '@baletrack/contracts/identity/roles';
import { Alert, Container, Loader, Stack, Text } from '@mantine/core';
import { PageHeading } from '@/app/routes/page-heading';
import { AuthorizedEmailsSection } from '@/features/authorized-emails/components/authorized-emails-section';
import { BalerSettings } from '@/features/balers/components/baler-settings';
import { useFields } from '@/features/fields/api/get-fields';
import { fieldsBounds } from '@/features/fields/utils/field-features';
import { browserTimeZone, homeRegion } from '@/features/map/utils/home-region';
import { useCurrentUser } from '@/features/users/api/get-current-user';

/**
 * Baler Settings (docs/product.md#screens-and-routes): register balers by VIN, rename, switch on or
 * off, re-key, remove, and the authorized emails their ACM subscriptions may run under. Sub-users
 * open it too and see everything, the controls disabled (docs/product.md#roles: owner only).
 */
export function BalersRoute() {
  const currentUser = useCurrentUser();
  const canModify = may(currentUser.data?.groups, 'balers');
  // A test bale lands amid the fields, so it shows where the map opens; else amid the region.
  const fields = useFields();
  const box = (fields.data && fieldsBounds(fields.data.fields)) ?? homeRegion(browserTimeZone());
  const middle = (a: number, b: number) => Math.round(((a + b) / 2) * 1e6) / 1e6;
  const testPlace = { lat: middle(box.south, box.north), lon: middle(box.west, box.east) };

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <PageHeading title="Baler Settings" help="balers-and-authorized-emails" />
        {currentUser.isPending ? (
          <Loader aria-label="Loading" />
        ) : currentUser.isError ? (
          <Alert color="red" variant="light" role="alert">
            {messages.generic}
          </Alert>
        ) : (
          <>
            {!canModify && (
              <Alert color="yellow" variant="light">
                {messages.roles.ownerOnlyBalers}
              </Alert>
            )}
            <Text c="dimmed">
              A baler reports its bales through its connectivity module (ACM). To register it, its
              ACM subscription must run under your account email or an authorized email; each baler
              gets its own ingest key.
            </Text>
            <BalerSettings canModify={canModify} testPlace={testPlace} />
            {/* Registering may need them: a baler's ACM can run under an authorized email. */}
            <AuthorizedEmailsSection canModify={canModify} />
          </>
        )}
      </Stack>
    </Container>
  );
}
