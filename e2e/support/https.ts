import type { BrowserContext } from '@playwright/test';

/**
 * Stands in for the TLS terminator a deployment puts before the server: Amplify reaches the
 * hosted sign-in only at https://<oauth.domain>, so the browser's https requests to the pool are
 * answered by the journeys' plain-http server, redirects and cookies passed through as they are.
 */
export async function answerPoolOverHttps(context: BrowserContext, baseURL: string) {
  const plain = new URL(baseURL);
  await context.route(`https://${plain.host}/cognito/**`, async (route) => {
    const asked = new URL(route.request().url());
    const response = await route.fetch({
      url: `${plain.origin}${asked.pathname}${asked.search}`,
      maxRedirects: 0,
    });
    await route.fulfill({ response });
  });
}
