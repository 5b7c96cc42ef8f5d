import { fieldsResponseSchema } from '@baletrack/contracts/bales/map';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fieldsOf } from './fields.service.ts';

/** API 1: the fields the map outlines (read-only here; the fields screens come later). */
export async function fieldsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/fields',
    {
      schema: {
        summary: "The organization's fields with their boundaries",
        tags: ['fields'],
        response: { 200: fieldsResponseSchema },
      },
    },
    async (request) => fieldsOf(app.ctx, request.principal.orgId),
  );
}
