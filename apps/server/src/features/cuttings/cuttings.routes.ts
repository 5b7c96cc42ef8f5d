import { idParamsSchema } from '@baletrack/contracts/common/id-params';
import {
  cuttingSchema,
  cuttingsQuerySchema,
  cuttingsResponseSchema,
  saveCuttingRequestSchema,
} from '@baletrack/contracts/cuttings/cutting';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createCutting,
  cuttingOf,
  cuttingsOf,
  deleteCuttingOf,
  updateCuttingOf,
} from './cuttings.service.ts';

/** API 1: cuttings (JSON bodies). A bale's cuttings follow from its fields and creation time. */
export async function cuttingsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['cuttings'];

  app.get(
    '/cuttings',
    {
      schema: {
        summary: "One crop year's cuttings, by start date",
        tags,
        querystring: cuttingsQuerySchema,
        response: { 200: cuttingsResponseSchema },
      },
    },
    async (request) => cuttingsOf(app.ctx, request.principal.orgId, request.query.year),
  );

  app.get(
    '/cuttings/all',
    {
      schema: {
        summary: 'Every cutting of every year, by start date',
        tags,
        response: { 200: cuttingsResponseSchema },
      },
    },
    async (request) => cuttingsOf(app.ctx, request.principal.orgId, 'all'),
  );

  app.post(
    '/cuttings',
    {
      schema: {
        summary: 'Add a cutting (limited per crop year)',
        tags,
        body: saveCuttingRequestSchema,
        response: { 201: cuttingSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCutting(app.ctx, request.principal.orgId, request.body)),
  );

  app.get(
    '/cuttings/:id',
    {
      schema: {
        summary: 'One cutting',
        tags,
        params: idParamsSchema,
        response: { 200: cuttingSchema },
      },
    },
    async (request) => cuttingOf(app.ctx, request.principal.orgId, request.params.id),
  );

  app.put(
    '/cuttings/:id',
    {
      schema: {
        summary: 'Change a cutting: its days, fields, crop, year or name',
        tags,
        params: idParamsSchema,
        body: saveCuttingRequestSchema,
        response: { 200: cuttingSchema },
      },
    },
    async (request) =>
      updateCuttingOf(app.ctx, request.principal.orgId, request.params.id, request.body),
  );

  app.delete(
    '/cuttings/:id',
    { schema: { summary: 'Delete a cutting', tags, params: idParamsSchema } },
    async (request, reply) => {
      await deleteCuttingOf(app.ctx, request.principal.orgId, request.params.id);
      return reply.status(204).send();
    },
  );
}
