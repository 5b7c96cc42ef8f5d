import { PRODUCT_NAME } from '@baletrack/contracts/constants';
import { escapeHtml } from '../../lib/html.ts';

// The hosted sign-in's one page, server-rendered: no script, every text escaped, the authorize
// request carried in hidden fields so a sign-in goes back to it.

const style = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f6f2;color:#1b1f1c}
main{box-sizing:border-box;width:calc(100% - 24px);max-width:420px;margin:8vh auto;padding:28px;background:#fff;border-radius:12px;
box-shadow:0 1px 3px #0002}
h1{margin:0 0 4px;color:#1f6b2e;font-size:22px}h2{margin:0 0 20px;font-size:18px;font-weight:600}
label{display:block;margin:14px 0 4px;font-weight:600}
input{box-sizing:border-box;width:100%;padding:10px;border:1px solid #8a938c;border-radius:6px;font:inherit}
button{margin-top:20px;width:100%;padding:11px;border:0;border-radius:6px;background:#1f6b2e;
color:#fff;font:inherit;font-weight:600;cursor:pointer}
.alert{padding:10px 12px;border-radius:6px;background:#fdecea;color:#8a1c12}
p.note{color:#4d554f;font-size:14px}
a.provider{display:block;margin-top:12px;padding:10px;border:1px solid #1f6b2e;border-radius:6px;
color:#1f6b2e;text-align:center;font-weight:600;text-decoration:none}`;

/** The sign-in form, with the authorize request's parameters and the form's CSRF token. */
export function hostedSignInPage(options: {
  authorize: Record<string, string>;
  csrfToken: string;
  email?: string;
  error?: string;
  /** An outside provider's name and the authorize link that goes to it. */
  provider?: { name: string; href: string } | undefined;
}): string {
  const hidden = Object.entries(options.authorize)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign in · ${PRODUCT_NAME}</title><style>${style}</style></head><body><main>
<h1>${PRODUCT_NAME}</h1><h2>Sign in</h2>
${options.error ? `<div class="alert" role="alert">${escapeHtml(options.error)}</div>` : ''}
<form method="post" action="login">${hidden}
<input type="hidden" name="_csrf" value="${escapeHtml(options.csrfToken)}">
<label for="username">Email</label>
<input id="username" name="username" type="email" autocomplete="username" required value="${escapeHtml(options.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>
${options.provider ? `<a class="provider" href="${escapeHtml(options.provider.href)}">Sign in with ${escapeHtml(options.provider.name)}</a>` : ''}
<p class="note">You are signing in to ${PRODUCT_NAME}; you will be taken back to the app.</p>
</main></body></html>`;
}

/** A request the hosted sign-in cannot send anywhere (an unknown client or redirect). */
export function hostedErrorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign-in error · ${PRODUCT_NAME}</title><style>${style}</style></head><body><main>
<h1>${PRODUCT_NAME}</h1><h2>This sign-in link does not work</h2>
<div class="alert" role="alert">${escapeHtml(message)}</div>
<p class="note">Open ${PRODUCT_NAME} again and sign in from there.</p>
</main></body></html>`;
}
