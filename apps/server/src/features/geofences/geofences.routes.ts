import { baleTimeFilterSchema } from '@baletrack/contracts/bales/bale-query';
import { geofencesResponseSchema } from '@baletrack/contracts/geofences/geofence';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { geofencesWithStoredBales } from './geofences.service.ts';

/** API 1: storage areas and what is stored in them. */
export async function geofencesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/geofences/get',
    {
      schema: {
        summary: 'Storage areas with the number of bales stored in each',
        tags: ['map'],
        querystring: baleTimeFilterSchema,
        response: { 200: geofencesResponseSchema },
      },
    },
    async (request) => geofencesWithStoredBales(app.ctx, request.principal.orgId, request.query),
  );
}
