import { idParamsSchema } from '@baletrack/contracts/common/id-params';
import {
  cropSchema,
  cropsResponseSchema,
  saveCropQuerySchema,
} from '@baletrack/contracts/crops/crop';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createCrop, cropOf, cropsOf, deleteCropOf, updateCropOf } from './crops.service.ts';

/** API 1: crops. The spec sends a crop's name as a query parameter, not a body. */
export async function cropsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['crops'];

  app.get(
    '/crops',
    {
      schema: {
        summary: "The organization's crops, by name",
        tags,
        response: { 200: cropsResponseSchema },
      },
    },
    async (request) => cropsOf(app.ctx, request.principal.orgId),
  );

  app.post(
    '/crops',
    {
      schema: {
        summary: 'Add a crop (?name=…, optionally its own removal rates)',
        tags,
        querystring: saveCropQuerySchema,
        response: { 201: cropSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCrop(app.ctx, request.principal.orgId, request.query)),
  );

  app.get(
    '/crops/:id',
    {
      schema: { summary: 'One crop', tags, params: idParamsSchema, response: { 200: cropSchema } },
    },
    async (request) => cropOf(app.ctx, request.principal.orgId, request.params.id),
  );

  app.put(
    '/crops/:id',
    {
      schema: {
        summary: 'Rename a crop (?name=…) and set its removal rates (empty: the published)',
        tags,
        params: idParamsSchema,
        querystring: saveCropQuerySchema,
        response: { 200: cropSchema },
      },
    },
    async (request) =>
      updateCropOf(app.ctx, request.principal.orgId, request.params.id, request.query),
  );

  app.delete(
    '/crops/:id',
    { schema: { summary: 'Delete a crop no cutting uses', tags, params: idParamsSchema } },
    async (request, reply) => {
      await deleteCropOf(app.ctx, request.principal.orgId, request.params.id);
      return reply.status(204).send();
    },
  );
}
