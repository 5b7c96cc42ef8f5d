import { PRODUCT_NAME } from '@baletrack/contracts/constants';
import { escapeHtml } from '../../lib/html.ts';

/**
 * The tiny page the confirmation link opens (no web app, no sign-in): a heading, a sentence and,
 * while the link is good, a Confirm button. Confirming is a POST so a mail scanner that follows
 * links cannot spend the single-use link by looking at it.
 */
export function confirmPage(content: {
  title: string;
  text: string;
  /** The token to post back; the page shows no button without it. */
  token?: string;
}): string {
  const form = content.token
    ? `<form method="post" action="confirm"><input type="hidden" name="token" value="${escapeHtml(content.token)}"><button type="submit">Confirm</button></form>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.title)} · ${PRODUCT_NAME}</title>
<style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1.5rem;background:#2f9e44;color:#fff;border:0;border-radius:4px;cursor:pointer}</style>
</head><body><main><h1>${escapeHtml(content.title)}</h1><p>${escapeHtml(content.text)}</p>${form}</main></body></html>`;
}
