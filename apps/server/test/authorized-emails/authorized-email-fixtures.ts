import { randomUUID } from 'node:crypto';
import {
  type AuthorizedEmailEntry,
  authorizedEmailEntrySchema,
  authorizedEmailListSchema,
} from '@baletrack/contracts/balers/authorized-email';
import type { Caller } from '../balers/machines-fixtures.ts';
import { signIn } from '../helpers/identity.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { apiCall } from '../helpers/user-api.ts';

export const DAY_MS = 86_400_000;

/** An address nobody has used yet, the way the holder of ACM subscriptions would have one. */
export const newHolderEmail = () => `acm-${randomUUID().slice(0, 8)}@dealer.example`;

/** The newest mail to an address, from the outbox. */
export async function newestMail(t: TestApp, email: string) {
  return t.ctx.db
    .selectFrom('outbox')
    .select(['subject', 'text'])
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** The code and link token of the newest confirmation mailed to an address. */
export async function mailedConfirmation(t: TestApp, email: string) {
  const { text } = await newestMail(t, email);
  const code = /^(\d{6})$/m.exec(text)?.[1];
  const token = /confirm\?token=([\w-]+)/.exec(text)?.[1];
  if (!code || !token) throw new Error(`No code or link in mail to ${email}: ${text}`);
  return { code, token };
}

/** POST /authorized-emails/{email} by the caller, answering the entry. */
export async function addEmail(owner: Caller, email: string): Promise<AuthorizedEmailEntry> {
  const response = await owner.call('POST', `/authorized-emails/${encodeURIComponent(email)}`);
  if (response.status !== 201) throw new Error(`add: ${response.status} ${await response.text()}`);
  return authorizedEmailEntrySchema.parse(await response.json());
}

/** The caller's organization's list. */
export async function listEmails(caller: Caller) {
  const response = await caller.call('GET', '/authorized-emails');
  if (response.status !== 200) throw new Error(`list: ${response.status}`);
  return authorizedEmailListSchema.parse(await response.json()).authorizedEmails;
}

/** PUT /authorized-emails/{email} with a query. */
export function changeEmail(caller: Caller, email: string, query: Record<string, string>) {
  return caller.call('PUT', `/authorized-emails/${encodeURIComponent(email)}`, { query });
}

/** The holder's side of the link: GET shows the page, POST (the page's button) confirms. */
export function openLink(t: TestApp, token: string) {
  return fetch(`${t.url}/user-api/public/authorized-emails/confirm?token=${token}`);
}

export function pressConfirm(t: TestApp, token: string) {
  return fetch(`${t.url}/user-api/public/authorized-emails/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  });
}

/** The same owner signed in anew: after the clock moved days, their old id token has expired. */
export async function signInAgain(t: TestApp, owner: Caller): Promise<Caller> {
  const { IdToken } = await signIn(t, owner.email, 'Correct-horse1');
  return {
    ...owner,
    token: IdToken,
    call: (method, path, options) => apiCall(t, IdToken, method, `/user-api${path}`, options),
  };
}
