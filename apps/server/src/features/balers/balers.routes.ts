import {
  balerActiveQuerySchema,
  balerListSchema,
  balerSchema,
  balerValidationSchema,
  balerWithKeySchema,
  registerBalerRequestSchema,
  renameBalerQuerySchema,
  validateBalerQuerySchema,
} from '@baletrack/contracts/balers/baler';
import { idParamsSchema } from '@baletrack/contracts/common/id-params';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  balerOf,
  balersOf,
  deleteBaler,
  registerBaler,
  renameBaler,
  rotateBalerKey,
  setBalerActive,
  validateBalerVin,
} from './balers.service.ts';

const tags = ['balers'];

/**
 * API 2: the organization's balers (the /machines calls of docs/product.md#user-api); changes are
 * the owner's.
 */
export async function balersRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const one = { response: { 200: balerSchema } };
  const withKey = { response: { 200: balerWithKeySchema } };

  app.get(
    '/machines',
    {
      schema: {
        summary: "The organization's balers (an empty list when it has none)",
        tags,
        response: { 200: balerListSchema },
      },
    },
    async (request) => balersOf(app.ctx, request.principal),
  );
  app.post(
    '/machines',
    {
      config: { notForManagers: true },
      schema: {
        summary: 'Register a baler by VIN; answers its ingest API key, shown only this once',
        tags,
        body: registerBalerRequestSchema,
        response: { 201: balerWithKeySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await registerBaler(app.ctx, request.principal, request.body)),
  );
  // Before /machines/{id}, though Fastify prefers static segments anyway.
  app.get(
    '/machines/validate',
    {
      schema: {
        summary: 'What registering this VIN would say, without registering it',
        tags,
        querystring: validateBalerQuerySchema,
        response: { 200: balerValidationSchema },
      },
    },
    async (request) => validateBalerVin(app.ctx, request.principal, request.query.vin),
  );
  app.put(
    '/machines/rename',
    {
      config: { notForManagers: true },
      schema: { summary: 'Rename a baler', tags, querystring: renameBalerQuerySchema, ...one },
    },
    async (request) =>
      renameBaler(app.ctx, request.principal, request.query.id, request.query.name),
  );
  app.get(
    '/machines/:id',
    { schema: { summary: 'One baler', tags, params: idParamsSchema, ...one } },
    async (request) => balerOf(app.ctx, request.principal, request.params.id),
  );
  app.delete(
    '/machines/:id',
    {
      config: { notForManagers: true },
      schema: {
        summary: 'Delete a baler; its bales stay, visible as before, and its VIN is free again',
        tags,
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteBaler(app.ctx, request.principal, request.params.id);
      return reply.status(204).send();
    },
  );
  app.put(
    '/machines/:id/active',
    {
      config: { notForManagers: true },
      schema: {
        summary: 'Switch a baler on or off; an inactive baler’s bales are refused at ingest',
        tags,
        params: idParamsSchema,
        querystring: balerActiveQuerySchema,
        ...one,
      },
    },
    async (request) =>
      setBalerActive(app.ctx, request.principal, request.params.id, request.query.active),
  );
  app.post(
    '/machines/:id/rotate-key',
    {
      config: { notForManagers: true },
      schema: {
        summary: 'Issue a new ingest API key; the old one stops working at once',
        tags,
        params: idParamsSchema,
        ...withKey,
      },
    },
    async (request) => rotateBalerKey(app.ctx, request.principal, request.params.id),
  );
}
