import {
  gradePriceSchema,
  inventoryValueQuerySchema,
  inventoryValueResponseSchema,
  pricesResponseSchema,
  savePriceRequestSchema,
  stackValueQuerySchema,
  stackValueResponseSchema,
} from '@baletrack/contracts/inventory/inventory';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inventoryValue, pricesOf, setPrice, stackValue } from './inventory.service.ts';

/**
 * Hay prices and the inventory's value (docs/product.md#beyond-the-spec-quality-and-value):
 * every user reads them; the owner or a manager sets prices.
 */
export async function inventoryRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['inventory'];

  app.get(
    '/inventory/prices',
    {
      schema: {
        summary: 'Hay prices per grade, newest first, with the ton they are set per',
        tags,
        response: { 200: pricesResponseSchema },
      },
    },
    async (request) => pricesOf(app.ctx, request.principal.orgId),
  );

  app.post(
    '/inventory/prices',
    {
      schema: {
        summary: "Set a grade's price from a day on (owner or manager); earlier values keep theirs",
        tags,
        body: savePriceRequestSchema,
        response: { 201: gradePriceSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await setPrice(app.ctx, request.principal, request.body)),
  );

  app.get(
    '/inventory/value',
    {
      schema: {
        summary: 'The hay on hand valued on a day: per grade, stack, field, cutting, crop year',
        tags,
        querystring: inventoryValueQuerySchema,
        response: { 200: inventoryValueResponseSchema },
      },
    },
    async (request) => inventoryValue(app.ctx, request.principal.orgId, request.query.asOf),
  );

  app.get(
    '/inventory/stack',
    {
      schema: {
        summary: "A stack's quality grade and the value of its bales on hand today",
        tags,
        querystring: stackValueQuerySchema,
        response: { 200: stackValueResponseSchema },
      },
    },
    async (request) => stackValue(app.ctx, request.principal.orgId, request.query.stackId),
  );
}
