import { loadMessages } from '@baletrack/contracts/loads/loads';
import { Alert, Anchor, Container, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageHeading } from '@/app/routes/page-heading';
import { fieldsQueryOptions } from '@/features/fields/api/get-fields';
import { cuttingChoicesQueryOptions } from '@/features/filters/api/get-cutting-choices';
import { filtersQueryOptions } from '@/features/filters/api/get-filters';
import { useLoad } from '@/features/loads/api/get-load';
import { LoadView } from '@/features/loads/components/load-view';
import { useMay } from '@/features/users';
import { isApiError } from '@/lib/api-client';
import { routePaths } from '@/lib/route-names';

/**
 * One load (from Loads): its details, figures, bales and buyer's links
 * (docs/product.md#beyond-the-spec-loads).
 */
export function LoadRoute() {
  const { loadId = '' } = useParams();
  const may = useMay();
  const load = useLoad(loadId);
  // "Add bales" picks from these: read only for who may add, while the load is open.
  const adding = may('loads') && load.data?.status === 'open';
  const filters = useQuery({ ...filtersQueryOptions(), enabled: adding });
  const fields = useQuery({ ...fieldsQueryOptions(), enabled: adding });
  const cuttings = useQuery({ ...cuttingChoicesQueryOptions(), enabled: adding });

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Anchor component={Link} to={routePaths.loads} size="sm">
          All loads
        </Anchor>
        <PageHeading title={load.data?.name ?? 'Load'} help="loads" />
        {load.isPending && <Skeleton height={240} aria-label="Loading the load" />}
        {load.isError && (
          <Alert color="red" variant="light" role="alert">
            {isApiError(load.error, 400, 404)
              ? loadMessages.notFound
              : 'The load could not be loaded. Try again in a moment.'}
          </Alert>
        )}
        {load.data && (
          <LoadView
            load={load.data}
            choices={{
              filters: filters.data?.filters ?? [],
              fields: fields.data?.fields ?? [],
              cuttings: cuttings.data?.cuttings ?? [],
            }}
          />
        )}
      </Stack>
    </Container>
  );
}
