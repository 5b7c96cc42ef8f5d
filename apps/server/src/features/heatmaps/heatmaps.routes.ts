import {
  heatmapBalesResponseSchema,
  heatmapIconResponseSchema,
  heatmapInputResponseSchema,
  heatmapOverlayResponseSchema,
  heatmapQuerySchema,
} from '@baletrack/contracts/heatmaps/heatmap';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { heatmapBales, heatmapIcon, heatmapInput, heatmapOverlayJson } from './heatmaps.service.ts';

/** API 1: a field's heatmap (spec types Overlay and Icon) for the map's dates and filter. */
export async function heatmapsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['heatmaps'];

  app.get(
    '/heatmap/overlay',
    {
      schema: {
        summary: "An inverse-distance-weighted grid of a measure, clipped to a field's boundary",
        tags,
        querystring: heatmapQuerySchema,
        response: { 200: heatmapOverlayResponseSchema },
      },
    },
    async (request, reply) => {
      const json = await heatmapOverlayJson(app.ctx, request.principal.orgId, request.query);
      // Already checked against the response schema and serialized (heatmaps.service.ts): a JSON
      // string is sent as it is, not serialized again.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.get(
    '/heatmap/icon',
    {
      schema: {
        summary: "The Icon type's legend: a measure's classes and the field's bales in each",
        tags,
        querystring: heatmapQuerySchema,
        response: { 200: heatmapIconResponseSchema },
      },
    },
    async (request) => heatmapIcon(app.ctx, request.principal.orgId, request.query),
  );

  app.get(
    '/bales/heatmap/get',
    {
      schema: {
        summary: "A field's bales where they were made, with the measure's value and class",
        tags,
        querystring: heatmapQuerySchema,
        response: { 200: heatmapBalesResponseSchema },
      },
    },
    async (request) => heatmapBales(app.ctx, request.principal.orgId, request.query),
  );

  app.get(
    '/bales/heatmap/input',
    {
      schema: {
        summary: 'The boundary and the values the overlay is interpolated from',
        tags,
        querystring: heatmapQuerySchema,
        response: { 200: heatmapInputResponseSchema },
      },
    },
    async (request) => heatmapInput(app.ctx, request.principal.orgId, request.query),
  );
}
