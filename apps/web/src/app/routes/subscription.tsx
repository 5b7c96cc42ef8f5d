import { may } from '@baletrack/contracts/identity/roles';
import { isAdmin } from '@baletrack/contracts/identity/user';
import { Button, Container, Group, Stack, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { HelpLink } from '@/features/help';
import { SubscriptionOverview } from '@/features/subscriptions/components/subscription-overview';
import { useCurrentUser } from '@/features/users/api/get-current-user';
import { routePaths } from '@/lib/route-names';

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
        <Group justify="space-between">
          <Title order={1} size="h2">
            Subscription plans and pricing
          </Title>
          <Group gap="md" wrap="nowrap">
            <HelpLink slug="subscriptions-and-credits" />
            <Button component={Link} to={routePaths.home} variant="default">
              Back to the map
            </Button>
          </Group>
        </Group>
        <SubscriptionOverview
          canModify={may(groups, 'billing')}
          canGrant={isAdmin(groups)}
          checkout={params.get('checkout')}
        />
      </Stack>
    </Container>
  );
}
