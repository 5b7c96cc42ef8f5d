import {
  auditResultSchema,
  auditStackDetailSchema,
  auditStackQuerySchema,
  auditStacksQuerySchema,
  auditStacksResponseSchema,
  auditsResponseSchema,
  recordAuditSchema,
} from '@baletrack/contracts/audits/audits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditStack, auditStacks, auditsOf, recordAudit } from './audits.service.ts';

/**
 * Stack audits by scanning (docs/product.md#beyond-the-spec-stack-audits): every user reads
 * stacks and audits; the owner or a manager records one (scanning is changing farm data).
 */
export async function auditsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['audits'];

  app.get(
    '/audits/stacks',
    {
      schema: {
        summary: "The map's stacks to audit, nearest first from lat/lon, with their last audit",
        tags,
        querystring: auditStacksQuerySchema,
        response: { 200: auditStacksResponseSchema },
      },
    },
    async (request) => {
      const { lat, lon } = request.query;
      const near = lat !== undefined && lon !== undefined ? { lat, lon } : undefined;
      return auditStacks(app.ctx, request.principal.orgId, near);
    },
  );

  app.get(
    '/audits/stack',
    {
      schema: {
        summary: 'A stack and the tags expected in it, for the phone to keep',
        tags,
        querystring: auditStackQuerySchema,
        response: { 200: auditStackDetailSchema },
      },
    },
    async (request) => auditStack(app.ctx, request.principal.orgId, request.query.stackId),
  );

  app.post(
    '/audits',
    {
      schema: {
        summary: 'Record a finished audit (201; 200 with the first record when sent again)',
        description:
          'Found, missing and unexpected tags against the tags the phone expected; unexpected ' +
          'bales of other places are placed on the stack by manual scan.',
        tags,
        body: recordAuditSchema,
        response: { 200: auditResultSchema, 201: auditResultSchema },
      },
    },
    async (request, reply) => {
      const { created, result } = await recordAudit(app.ctx, request.principal, request.body);
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  app.get(
    '/audits',
    {
      schema: {
        summary: "A stack's audits, newest first",
        tags,
        querystring: auditStackQuerySchema,
        response: { 200: auditsResponseSchema },
      },
    },
    async (request) => auditsOf(app.ctx, request.principal.orgId, request.query.stackId),
  );
}
