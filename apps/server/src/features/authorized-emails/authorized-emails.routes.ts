import {
  authorizedEmailEntrySchema,
  authorizedEmailListSchema,
  authorizedEmailParamsSchema,
  changeAuthorizedEmailQuerySchema,
  confirmAuthorizedEmailQuerySchema,
} from '@baletrack/contracts/balers/authorized-email';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addAuthorizedEmail,
  authorizedEmailsOf,
  changeAuthorizedEmail,
  removeAuthorizedEmail,
} from './authorized-emails.service.ts';
import { confirmByLink, type LinkPage, previewConfirmLink } from './confirm-link.service.ts';

const tags = ['balers'];

/**
 * API 2: the organization's authorized emails (the /authorized-emails calls of
 * docs/product.md#user-api), and the public page their holders confirm on from the mailed link.
 */
export async function authorizedEmailsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const one = {
    params: authorizedEmailParamsSchema,
    response: { 200: authorizedEmailEntrySchema },
  };
  // Adding and resending send mail: a stolen owner session must not turn us into a mail cannon.
  const mailing = { rateLimit: { max: 100, timeWindow: '1 hour' } };
  // The page's Confirm button posts a plain HTML form; only this scope parses one.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/authorized-emails',
    {
      schema: {
        summary: "The organization's authorized emails, removed ones included",
        tags,
        response: { 200: authorizedEmailListSchema },
      },
    },
    async (request) => authorizedEmailsOf(app.ctx, request.principal),
  );
  app.post(
    '/authorized-emails/:email',
    {
      config: { ...mailing, notForManagers: true },
      schema: {
        summary: 'Add an authorized email (Pending; its holder is mailed a link and a code)',
        tags,
        params: authorizedEmailParamsSchema,
        response: { 201: authorizedEmailEntrySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await addAuthorizedEmail(app.ctx, request.principal, request.params.email, request.log),
        ),
  );
  app.put(
    '/authorized-emails/:email',
    {
      config: { ...mailing, notForManagers: true },
      schema: {
        summary:
          'Confirm with the mailed code (`code`), or mail a new link and code (`resend=true`)',
        tags,
        querystring: changeAuthorizedEmailQuerySchema,
        ...one,
      },
    },
    async (request) =>
      changeAuthorizedEmail(
        app.ctx,
        request.principal,
        request.params.email,
        request.query,
        request.log,
      ),
  );
  app.delete(
    '/authorized-emails/:email',
    {
      config: { notForManagers: true },
      schema: {
        summary: 'Remove an authorized email (Deleted, kept for history)',
        tags,
        params: authorizedEmailParamsSchema,
      },
    },
    async (request, reply) => {
      await removeAuthorizedEmail(app.ctx, request.principal, request.params.email);
      return reply.status(204).send();
    },
  );

  // Public: the holder is not a user of the organization. Throttled against token guessing.
  const page = { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } };
  const sendPage = (reply: FastifyReply, result: LinkPage) =>
    reply
      .status(result.statusCode)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(result.html);
  app.get(
    '/public/authorized-emails/confirm',
    {
      config: page,
      schema: {
        summary: "The mailed link's page (HTML): what the holder agrees to, and a Confirm button",
        tags,
        querystring: confirmAuthorizedEmailQuerySchema,
        produces: ['text/html'],
      },
    },
    async (request, reply) =>
      sendPage(reply, await previewConfirmLink(app.ctx, request.query.token)),
  );
  app.post(
    '/public/authorized-emails/confirm',
    {
      config: page,
      schema: {
        summary: 'Confirm from the link page (HTML form post): the email becomes Active',
        tags,
        body: confirmAuthorizedEmailQuerySchema,
        produces: ['text/html'],
      },
    },
    async (request, reply) => sendPage(reply, await confirmByLink(app.ctx, request.body.token)),
  );
}
