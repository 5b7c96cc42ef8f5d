import { messages } from '@baletrack/contracts/errors/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, signedInOwner } from '../balers/machines-fixtures.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { listEmails, newHolderEmail } from './authorized-email-fixtures.ts';

// A confirmation mail that cannot be sent leaves nothing behind: no entry waits for a
// confirmation its holder never received.

let t: TestApp;
let failing = false;
beforeAll(async () => {
  t = await startTestApp({
    mailer: {
      kind: 'smtp',
      async send() {
        if (failing) throw new Error('SMTP down');
      },
    },
  });
});
afterAll(() => t.close());

describe('when the confirmation mail fails', () => {
  it('answers the failure and keeps no entry', async () => {
    const owner = await signedInOwner(t);
    failing = true;
    const response = await owner.call('POST', `/authorized-emails/${newHolderEmail()}`);
    failing = false;
    expect(response.status).toBe(500);
    expect((await errorOf(response)).message).toBe(messages.authorizedEmail.sendFailed);
    expect(await listEmails(owner)).toEqual([]);
  });
});
