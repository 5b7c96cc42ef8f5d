import { Container, Stack } from '@mantine/core';
import { PageHeading } from '@/app/routes/page-heading';
import { AuditScreen } from '@/features/audits/components/audit-screen';

/**
 * Stack audit (menu "Stack audit"): scan the tags in a stack and see what is found, missing and
 * unexpected, with or without signal (docs/product.md#beyond-the-spec-stack-audits). Made for a
 * phone in the yard; the owner or a manager audits, everyone reads the stacks and their audits.
 */
export function AuditRoute() {
  return (
    <Container size="md" py="lg" px="sm">
      <Stack gap="lg">
        <PageHeading title="Stack audit" help="stack-audits" />
        <AuditScreen />
      </Stack>
    </Container>
  );
}
