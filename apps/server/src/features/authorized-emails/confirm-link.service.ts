import { messages } from '@baletrack/contracts/errors/messages';
import type { AppContext } from '../../app-context.ts';
import { activate, findByTokenHash } from './authorized-emails.repository.ts';
import { tokenHash } from './authorized-emails.service.ts';
import { confirmPage } from './confirm-page.ts';

export interface LinkPage {
  statusCode: 200 | 404 | 410;
  html: string;
}

/*
 * The confirmation link of an authorized email, used by its holder without signing in: opening
 * it shows what they agree to, and the page's Confirm button (a POST) makes the email Active.
 * The link works once, until its confirmation lapses, and only while it is the newest one mailed.
 */

/** GET: what the holder is asked, with the button; or why the link no longer works. */
export async function previewConfirmLink(ctx: AppContext, token: string): Promise<LinkPage> {
  const found = await pendingEntry(ctx, token);
  if ('html' in found) return found;
  const { row } = found;
  return {
    statusCode: 200,
    html: confirmPage({
      title: 'Confirm your authorized email',
      text:
        `The owner of ${row.organizationName} asks to add ${row.email} as an authorized email: ` +
        `balers whose connectivity (ACM) subscription runs under it can then be registered to ` +
        `${row.organizationName}. Press Confirm to agree.`,
      token,
    }),
  };
}

/** POST: makes the email Active and spends the link. */
export async function confirmByLink(ctx: AppContext, token: string): Promise<LinkPage> {
  const found = await pendingEntry(ctx, token);
  if ('html' in found) return found;
  const { row } = found;
  if (!(await activate(ctx.db, row.id, ctx.now()))) return expired();
  return {
    statusCode: 200,
    html: confirmPage({
      title: 'Email confirmed',
      text:
        `${row.email} is now an authorized email of ${row.organizationName}. ` +
        'You can close this page.',
    }),
  };
}

async function pendingEntry(ctx: AppContext, token: string) {
  const row = await findByTokenHash(ctx.db, tokenHash(ctx, token));
  if (!row) {
    return {
      statusCode: 404,
      html: confirmPage({ title: 'Link not valid', text: messages.authorizedEmail.linkInvalid }),
    } satisfies LinkPage;
  }
  if (row.confirmBy && row.confirmBy <= ctx.now()) return expired();
  return { row };
}

function expired(): LinkPage {
  return {
    statusCode: 410,
    html: confirmPage({ title: 'Link expired', text: messages.authorizedEmail.linkExpired }),
  };
}
