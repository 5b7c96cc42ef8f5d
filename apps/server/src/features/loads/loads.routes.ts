import { idParamsSchema } from '@baletrack/contracts/common/id-params';
import {
  addLoadBalesResponseSchema,
  addLoadBalesSchema,
  createLoadLinkSchema,
  loadDetailsSchema,
  loadLinkParamsSchema,
  loadLinkSchema,
  loadResponseSchema,
  loadStatusRequestSchema,
  loadsResponseSchema,
  removeLoadBalesSchema,
} from '@baletrack/contracts/loads/loads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addLoadBales,
  buyerPageOf,
  createLoad,
  createLoadLink,
  loadOf,
  loadsOf,
  loadTicket,
  removeLoad,
  removeLoadBales,
  revokeLink,
  setLoadStatus,
  updateLoadDetails,
} from './loads.service.ts';

const PDF = 'application/pdf';

/**
 * Loads of hay for buyers (docs/product.md#beyond-the-spec-loads): every user reads them; the
 * owner or a manager builds, ships and shares them. The buyer's page is public.
 */
export async function loadsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['loads'];

  app.get(
    '/loads',
    {
      schema: {
        summary: 'Loads, newest first, with their bales and weight',
        tags,
        response: { 200: loadsResponseSchema },
      },
    },
    async (request) => loadsOf(app.ctx, request.principal.orgId),
  );

  app.post(
    '/loads',
    {
      schema: {
        summary: 'A new open load (owner or manager)',
        tags,
        body: loadDetailsSchema,
        response: { 201: loadResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createLoad(app.ctx, request.principal, request.body)),
  );

  app.get(
    '/loads/:id',
    {
      schema: {
        summary:
          'A load: its bales graded and valued, totals, warnings, buyers’ links (not viewers)',
        tags,
        params: idParamsSchema,
        response: { 200: loadResponseSchema },
      },
    },
    async (request) => loadOf(app.ctx, request.principal, request.params.id),
  );

  app.patch(
    '/loads/:id',
    {
      schema: {
        summary: "An open load's details (409 once ready or shipped)",
        tags,
        params: idParamsSchema,
        body: loadDetailsSchema,
        response: { 200: loadResponseSchema },
      },
    },
    async (request) =>
      updateLoadDetails(app.ctx, request.principal, request.params.id, request.body),
  );

  app.delete(
    '/loads/:id',
    {
      schema: {
        summary: 'Delete a load that has not shipped; its bales are free again, its links end',
        tags,
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      await removeLoad(app.ctx, request.principal, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/loads/:id/bales',
    {
      schema: {
        summary: 'Add bales to an open load by tag, uid, saved filter or a filter given',
        description:
          'Only visible bales not loaded out and in no other load join; the answer counts the ' +
          'rest by reason and lists tags or uids that match no visible bale.',
        tags,
        params: idParamsSchema,
        body: addLoadBalesSchema,
        response: { 200: addLoadBalesResponseSchema },
      },
    },
    async (request) => addLoadBales(app.ctx, request.principal, request.params.id, request.body),
  );

  app.delete(
    '/loads/:id/bales',
    {
      schema: {
        summary: 'Take bales off an open load',
        tags,
        params: idParamsSchema,
        body: removeLoadBalesSchema,
      },
    },
    async (request, reply) => {
      await removeLoadBales(app.ctx, request.principal, request.params.id, request.body.uids);
      return reply.status(204).send();
    },
  );

  app.post(
    '/loads/:id/status',
    {
      schema: {
        summary: 'Mark a load ready, reopen it, or ship it (its bales become loaded out)',
        tags,
        params: idParamsSchema,
        body: loadStatusRequestSchema,
        response: { 200: loadResponseSchema },
      },
    },
    async (request) =>
      setLoadStatus(app.ctx, request.principal, request.params.id, request.body.status),
  );

  app.get(
    '/loads/:id/ticket',
    {
      schema: {
        summary: 'The load ticket as PDF: every bale, totals, signature lines, the buyer’s link',
        tags,
        params: idParamsSchema,
        produces: [PDF],
      },
    },
    async (request, reply) => {
      const ticket = await loadTicket(app.ctx, request.principal, request.params.id);
      return reply
        .header('content-type', PDF)
        .header('content-disposition', `attachment; filename="${ticket.filename}"`)
        .header('cache-control', 'no-store')
        .send(ticket.document);
    },
  );

  app.post(
    '/loads/:id/links',
    {
      schema: {
        summary: 'A buyer’s read-only link to the load for 1 to 90 days',
        tags,
        params: idParamsSchema,
        body: createLoadLinkSchema,
        response: { 201: loadLinkSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createLoadLink(app.ctx, request.principal, request.params.id, request.body)),
  );

  app.delete(
    '/loads/:id/links/:linkId',
    {
      schema: {
        summary: 'Revoke a buyer’s link: it stops opening at once',
        tags,
        params: loadLinkParamsSchema,
      },
    },
    async (request, reply) => {
      await revokeLink(app.ctx, request.principal, request.params.id, request.params.linkId);
      return reply.status(204).send();
    },
  );

  // Public: the buyer holds a link, not an account. Throttled against guessing.
  app.get(
    '/public/loads/:token',
    {
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        summary:
          "The buyer's page of one load (HTML); one 404 page for any link that does not open",
        tags,
        params: z.object({ token: z.string().max(200) }),
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const page = await buyerPageOf(app.ctx, request.params.token);
      return reply
        .status(page.statusCode)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex, nofollow')
        .type('text/html; charset=utf-8')
        .send(page.html);
    },
  );
}
