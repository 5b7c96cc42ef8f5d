import type { AppContext } from '../../app-context.ts';

// A buyer's link names its organization and a secret: base64url of the organization's id (16
// bytes) and 24 random bytes, so the link is looked up within its organization (Citus-ready) and
// cannot be guessed (192 bits).

/** Where buyers open a load; public, under the data API's public paths. */
export const BUYER_LINK_PATH = '/data-api/public/loads/';
const ORG_BYTES = 16;
const SECRET_BYTES = 24;

/** A link's token for the organization, from fresh random bytes. */
export function buyerLinkToken(orgId: string, secret: Uint8Array): string {
  const org = Buffer.from(orgId.replaceAll('-', ''), 'hex');
  return Buffer.concat([org, secret]).toString('base64url');
}

/**
 * The organization a token names, or undefined for anything that is not a token as
 * `buyerLinkToken` writes it (wrong length, other characters, a non-canonical spelling).
 * @example buyerLinkOrganization(buyerLinkToken(orgId, randomBytes(24))) // orgId
 */
export function buyerLinkOrganization(token: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{54}$/.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== ORG_BYTES + SECRET_BYTES || bytes.toString('base64url') !== token) {
    return undefined;
  }
  const hex = bytes.subarray(0, ORG_BYTES).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const buyerLinkUrl = (ctx: AppContext, token: string) =>
  `${ctx.config.publicUrl}${BUYER_LINK_PATH}${token}`;
