import {
  balesStacksResponseSchema,
  clustersResponseSchema,
  clusterTreeQuerySchema,
  clusterTreeResponseSchema,
  mapViewQuerySchema,
  stackInfoQuerySchema,
  stackInfoResponseSchema,
  stacksQuerySchema,
  stacksResponseSchema,
} from '@baletrack/contracts/map/map';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clusterChildren, clustersInView } from './clusters.service.ts';
import { balesByStack, stackInfo, stacksInView } from './stacks.service.ts';

/** API 1: what the map draws, clustered on the server so it never downloads every bale. */
export async function mapRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['map'];

  app.get(
    '/clusters/get',
    {
      schema: {
        summary: 'Clusters, loose bales and stacks in a map view',
        tags,
        querystring: mapViewQuerySchema,
        response: { 200: clustersResponseSchema },
      },
    },
    async (request) => clustersInView(app.ctx, request.principal.orgId, request.query),
  );

  app.get(
    '/cluster-tree/get',
    {
      schema: {
        summary: "A cluster's children one zoom level down",
        tags,
        querystring: clusterTreeQuerySchema,
        response: { 200: clusterTreeResponseSchema },
      },
    },
    async (request) => clusterChildren(app.ctx, request.principal.orgId, request.query),
  );

  app.get(
    '/stacks/get',
    {
      schema: {
        summary: 'Stacks, in a map view or all of them',
        tags,
        querystring: stacksQuerySchema,
        response: { 200: stacksResponseSchema },
      },
    },
    async (request) => stacksInView(app.ctx, request.principal.orgId, request.query),
  );

  app.get(
    '/stack-info/get',
    {
      schema: {
        summary: 'One stack with its bales and storage area',
        tags,
        querystring: stackInfoQuerySchema,
        response: { 200: stackInfoResponseSchema },
      },
    },
    async (request) => stackInfo(app.ctx, request.principal.orgId, request.query),
  );

  app.get(
    '/bales-stacks',
    {
      schema: {
        summary: 'Which bales lie in which stack',
        tags,
        querystring: stacksQuerySchema,
        response: { 200: balesStacksResponseSchema },
      },
    },
    async (request) => balesByStack(app.ctx, request.principal.orgId, request.query),
  );
}
