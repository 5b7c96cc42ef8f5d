import { may } from '@baletrack/contracts/identity/roles';
import { isAdmin } from '@baletrack/contracts/identity/user';
import { Container, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeading } from '@/app/routes/page-heading';
import { SubscriptionOverview } from '@/features/subscriptions/components/subscription-overview';
import { useCurrentUser } from '@/features/users/api/get-current-user';

/**
 * Subscription plans and pricing: credits, each baler's months, the history
 * (docs/product.md#screens-and-routes).
 */
export function SubscriptionRoute() {
  const currentUser = useCurrentUser();
  const [params] = useSearchParams();
  const groups = currentUser.data?.groups;
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <PageHeading title="Subscription plans and pricing" help="subscriptions-and-credits" />
        <SubscriptionOverview
          canModify={may(groups, 'billing')}
          canGrant={isAdmin(groups)}
          checkout={params.get('checkout')}
        />
      </Stack>
    </Container>
  );
}
