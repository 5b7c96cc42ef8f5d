import {
  type ClusterTreeQuery,
  type ClusterTreeResponse,
  clusterTreeResponseSchema,
} from '@baletrack/contracts/map/map';
import { dataApi } from '@/lib/api-client';

/**
 * GET /cluster-tree/get: a cluster's children one level down (same dates and filter as the
 * /clusters/get answer it came from), read when the cluster is clicked to know where to go.
 */
export async function getClusterTree(
  query: ClusterTreeQuery,
  signal?: AbortSignal,
): Promise<ClusterTreeResponse> {
  const { clusterId, year, from, to, filterId } = query;
  return clusterTreeResponseSchema.parse(
    await dataApi.get('/cluster-tree/get', {
      query: { clusterId, year, from, to, filterId },
      signal,
    }),
  );
}
