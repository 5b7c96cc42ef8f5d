import { idParamsSchema } from '@baletrack/contracts/common/id-params';
import {
  fieldSchema,
  fieldsResponseSchema,
  saveFieldRequestSchema,
} from '@baletrack/contracts/fields/field';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createField, deleteFieldOf, fieldOf, fieldsOf, updateFieldOf } from './fields.service.ts';

/**
 * API 1: the organization's fields. Every change re-derives which bales lie in which field, in
 * the same transaction.
 */
export async function fieldsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['fields'];

  app.get(
    '/fields',
    {
      schema: {
        summary: "The organization's fields with their boundaries",
        tags,
        response: { 200: fieldsResponseSchema },
      },
    },
    async (request) => fieldsOf(app.ctx, request.principal.orgId),
  );

  app.post(
    '/fields',
    {
      schema: {
        summary: 'Add a field; bales made inside it are assigned to it',
        tags,
        body: saveFieldRequestSchema,
        response: { 201: fieldSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createField(app.ctx, request.principal.orgId, request.body)),
  );

  app.get(
    '/fields/:id',
    {
      schema: {
        summary: 'One field',
        tags,
        params: idParamsSchema,
        response: { 200: fieldSchema },
      },
    },
    async (request) => fieldOf(app.ctx, request.principal.orgId, request.params.id),
  );

  app.put(
    '/fields/:id',
    {
      schema: {
        summary: "Rename or redraw a field; bales' fields follow the new boundary",
        tags,
        params: idParamsSchema,
        body: saveFieldRequestSchema,
        response: { 200: fieldSchema },
      },
    },
    async (request) =>
      updateFieldOf(app.ctx, request.principal.orgId, request.params.id, request.body),
  );

  app.delete(
    '/fields/:id',
    {
      schema: {
        summary: 'Delete a field; its bales lose it and it leaves its cuttings',
        tags,
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteFieldOf(app.ctx, request.principal.orgId, request.params.id);
      return reply.status(204).send();
    },
  );
}
