import { idParamsSchema } from '@baletrack/contracts/common/id-params';
import {
  filterSchema,
  filtersResponseSchema,
  saveFilterRequestSchema,
} from '@baletrack/contracts/filters/filter';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changeFilter, createFilter, filters, removeFilter } from './filters.service.ts';

/**
 * API 1: saved bale filters. Owners and sub-users alike create and change them
 * (docs/product.md#roles).
 */
export async function filtersRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['filters'];

  app.get(
    '/filters/get',
    {
      schema: {
        summary: "The organization's filters",
        tags,
        response: { 200: filtersResponseSchema },
      },
    },
    async (request) => filters(app.ctx, request.principal.orgId),
  );

  app.post(
    '/filters/create',
    {
      schema: {
        summary: 'Save a filter (names are unique in the organization, regardless of case)',
        tags,
        body: saveFilterRequestSchema,
        response: { 201: filterSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createFilter(app.ctx, request.principal.orgId, request.body)),
  );

  app.put(
    '/filters/:id',
    {
      schema: {
        summary: 'Replace a filter',
        tags,
        params: idParamsSchema,
        body: saveFilterRequestSchema,
        response: { 200: filterSchema },
      },
    },
    async (request) =>
      changeFilter(app.ctx, request.principal.orgId, request.params.id, request.body),
  );

  app.delete(
    '/filters/:id',
    {
      schema: {
        summary: 'Delete a filter',
        tags,
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      await removeFilter(app.ctx, request.principal.orgId, request.params.id);
      return reply.status(204).send();
    },
  );
}
