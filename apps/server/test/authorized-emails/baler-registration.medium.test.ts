import { balerWithKeySchema } from '@baletrack/contracts/balers/baler';
import { messages } from '@baletrack/contracts/errors/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countBalers, errorOf, knownVin, signedInOwner } from '../balers/machines-fixtures.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  addEmail,
  changeEmail,
  mailedConfirmation,
  newHolderEmail,
} from './authorized-email-fixtures.ts';

// docs/product.md#balers-and-authorized-emails: a baler needs an ACM subscription under an account
// email or an authorized email; only an Active authorized email counts.

let t: TestApp;
beforeAll(async () => {
  // The operator's registry vouches for VINs and their ACM email (BALER_PROVIDER=registry).
  t = await startTestApp({ env: { BALER_PROVIDER: 'registry' } });
});
afterAll(() => t.close());

describe('registering a baler whose ACM runs under an authorized email', () => {
  it('is accepted once the email is Active, and the baler names it', async () => {
    const owner = await signedInOwner(t);
    const email = newHolderEmail();
    await addEmail(owner, email);
    const { code } = await mailedConfirmation(t, email);
    await changeEmail(owner, email, { code });
    const vin = await knownVin(t, email.toUpperCase());

    const validated = await owner.call('GET', '/machines/validate', { query: { vin } });
    expect(validated.status).toBe(200);
    const response = await owner.call('POST', '/machines', { body: { vin, name: 'Dealer baler' } });
    expect(response.status).toBe(201);
    const { baler } = balerWithKeySchema.parse(await response.json());
    expect(baler.authorizedEmails).toEqual([{ email, status: 'Active' }]);
  });

  it('is refused while the email is Pending, and after it was removed', async () => {
    const owner = await signedInOwner(t);
    const [pending, removed] = [newHolderEmail(), newHolderEmail()];
    await addEmail(owner, pending);
    await addEmail(owner, removed);
    const { code } = await mailedConfirmation(t, removed);
    await changeEmail(owner, removed, { code });
    await owner.call('DELETE', `/authorized-emails/${removed}`);

    for (const email of [pending, removed]) {
      const vin = await knownVin(t, email);
      const response = await owner.call('POST', '/machines', { body: { vin, name: 'Not yet' } });
      expect(response.status).toBe(403);
      expect((await errorOf(response)).message).toBe(messages.baler.notAuthorized);
    }
    expect(await countBalers(t, owner.orgId)).toBe(0);
  });

  it("does not lend another organization's Active authorized email", async () => {
    const [owner, other] = [await signedInOwner(t), await signedInOwner(t)];
    const email = newHolderEmail();
    await addEmail(other, email);
    await changeEmail(other, email, { code: (await mailedConfirmation(t, email)).code });
    const vin = await knownVin(t, email);
    const response = await owner.call('POST', '/machines', { body: { vin, name: 'Borrowed' } });
    expect(response.status).toBe(403);
  });
});
