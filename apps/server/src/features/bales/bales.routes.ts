import { baleTimeFilterSchema } from '@baletrack/contracts/bales/bale-query';
import {
  allBalesQuerySchema,
  availableYearsResponseSchema,
  baleInfoQuerySchema,
  baleInfoResponseSchema,
  balerActiveBalesResponseSchema,
  balesPageQuerySchema,
  balesPageResponseSchema,
  balesQuerySchema,
  balesResponseSchema,
} from '@baletrack/contracts/bales/bale-reads';
import {
  manualScanRequestSchema,
  manualScanResponseSchema,
} from '@baletrack/contracts/bales/manual-scan';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  allBales,
  availableYears,
  baleInfo,
  balerActiveBales,
  balesInView,
  balesPage,
} from './bales.service.ts';
import { recordManualScans } from './manual-scan.service.ts';

/** API 1: reading bales (only ever the caller's visible ones) and moving them by hand. */
export async function balesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['bales'];

  app.get(
    '/bales/get',
    {
      schema: {
        summary: 'Bales lying in a map view',
        tags,
        querystring: balesQuerySchema,
        response: { 200: balesResponseSchema },
      },
    },
    async (request) => balesInView(app.ctx, request.principal.orgId, request.query),
  );

  app.get(
    '/bales/all',
    {
      schema: {
        summary: 'Bales made within the dates, up to 5,000 (page through all with all-paginated)',
        tags,
        querystring: allBalesQuerySchema,
        response: { 200: balesResponseSchema },
      },
    },
    async (request) => allBales(app.ctx, request.principal.orgId, request.query),
  );

  app.get(
    '/bales/all-paginated',
    {
      schema: {
        summary: 'Every bale, a page at a time in a stable order',
        tags,
        querystring: balesPageQuerySchema,
        response: { 200: balesPageResponseSchema },
      },
    },
    async (request) => balesPage(app.ctx, request.principal.orgId, request.query),
  );

  app.get(
    '/bale-info/get',
    {
      schema: {
        summary: "One bale with its fields', baler's and stack's names",
        tags,
        querystring: baleInfoQuerySchema,
        response: { 200: baleInfoResponseSchema },
      },
    },
    async (request) => baleInfo(app.ctx, request.principal.orgId, request.query.uid),
  );

  app.get(
    '/available-years',
    {
      schema: {
        summary: "Crop years (the organization's start month) in which bales were made",
        tags,
        response: { 200: availableYearsResponseSchema },
      },
    },
    async (request) => availableYears(app.ctx, request.principal.orgId),
  );

  app.get(
    '/balers/active-bales',
    {
      schema: {
        summary: 'Bales per baler, visible and needing a subscription',
        tags,
        querystring: baleTimeFilterSchema,
        response: { 200: balerActiveBalesResponseSchema },
      },
    },
    async (request) => balerActiveBales(app.ctx, request.principal.orgId, request.query),
  );

  app.post(
    '/bales/manual-scan',
    {
      schema: {
        summary: 'Record tags scanned by hand: the bales now lie where they were scanned',
        tags,
        body: manualScanRequestSchema,
        response: { 200: manualScanResponseSchema },
      },
    },
    async (request) => recordManualScans(app.ctx, request.principal.orgId, request.body.scans),
  );
}
