import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { PageHeading } from '@/app/routes/page-heading';
import { HelpPage } from '@/features/help/components/help-page';

/** Helpful Information (menu "Helpful Information"): `/help` and `/help/<slug>`. */
export function HelpRoute() {
  const { slug } = useParams();
  return (
    <Container size="lg" py="lg">
      <PageHeading title="Helpful Information" mb="lg" />
      <HelpPage slug={slug} />
    </Container>
  );
}
