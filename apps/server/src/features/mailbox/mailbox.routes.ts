import { idParamsSchema } from '@baletrack/contracts/common/id-params';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { findMailAttachment, listOutbox } from '../../lib/mail/outbox.repository.ts';

const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost']);
const loopbackClient = (ip: string) =>
  ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';

/**
 * The local mailbox exists only while no SMTP server is configured and the server listens on
 * loopback, and only for a loopback client: anywhere else it would show other people's codes.
 */
export function mailboxEnabled(ctx: AppContext, clientIp: string): boolean {
  return (
    ctx.mailer.kind === 'outbox' && loopbackHosts.has(ctx.config.host) && loopbackClient(clientIp)
  );
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
// en-US, the product's one locale (docs/product.md#client-behaviour), e.g. 'Nov 23, 2026, 6:00 AM'.
const sentAt = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const mailboxOff = { code: 'NOT_FOUND', message: 'The local mailbox is off.' } as const;

export async function mailboxRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/mailbox', { schema: { hide: true } }, async (request, reply) => {
    if (!mailboxEnabled(app.ctx, request.ip)) return reply.status(404).send(mailboxOff);
    const mails = await listOutbox(app.ctx.db, 100);
    const items = mails
      .map((m) => {
        const names = m.attachmentFilenames ?? [];
        const links = m.attachmentIds.map(
          (id, i) =>
            `<a class="attachment" href="/mailbox/attachments/${id}" download="${escapeHtml(names[i] ?? 'file')}">${escapeHtml(names[i] ?? 'file')}</a>`,
        );
        const file = links.length > 0 ? `<p>Attached: ${links.join(', ')}</p>` : '';
        return `<article><h2>${escapeHtml(m.subject)}</h2>
<p>To <strong class="recipient">${escapeHtml(m.recipient)}</strong> · <time datetime="${m.createdAt.toISOString()}">${sentAt.format(m.createdAt)} UTC</time></p>
<pre>${escapeHtml(m.text)}</pre>${file}</article>`;
      })
      .join('\n');
    return reply
      .type('text/html')
      .header('cache-control', 'no-store')
      .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local mailbox · Baletrack</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ccc;border-radius:8px;padding:0 1rem;margin:1rem 0}pre{white-space:pre-wrap}</style>
</head><body><h1>Local mailbox</h1>
<p>No mail server is configured, so Baletrack keeps its mail here (newest first). Set SMTP_URL to send real mail.</p>
${items || '<p>No mail yet.</p>'}
</body></html>`);
  });

  app.get(
    '/mailbox/attachments/:id',
    { schema: { hide: true, params: idParamsSchema } },
    async (request, reply) => {
      if (!mailboxEnabled(app.ctx, request.ip)) return reply.status(404).send(mailboxOff);
      const file = await findMailAttachment(app.ctx.db, request.params.id);
      if (!file) return reply.status(404).send({ code: 'NOT_FOUND', message: 'No such file.' });
      const asciiName = file.filename.replace(/[^\w.-]/g, '_');
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${asciiName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.content));
    },
  );
}
