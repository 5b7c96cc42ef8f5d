import {
  adminFeedbackListSchema,
  feedbackListSchema,
  feedbackSchema,
} from '@baletrack/contracts/feedback/feedback';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_PER_HOUR } from '../../src/features/feedback/feedback.routes.ts';
import { errorOf, signedInOwner, signedInSubUser } from '../balers/machines-fixtures.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// Feedback is stored, mailed to SUPPORT_EMAIL, listed for its organization only, and
// listed in full for SuperAdmins (docs/product.md#feedback-help-and-support).

const SUPPORT = 'help-desk@baletrack.example';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { SUPPORT_EMAIL: SUPPORT } });
});
afterAll(() => t.close());

const bug = (details: string) => ({
  type: 'bug',
  name: 'Dana Grower',
  email: 'dana@farm.example',
  details,
});

const mailsTo = (to: string) =>
  t.ctx.db
    .selectFrom('outbox')
    .select(['subject', 'text'])
    .where('recipient', '=', to)
    .orderBy('id')
    .execute();

describe('POST /feedback', () => {
  it('stores the feedback and mails it to the support address', async () => {
    const owner = await signedInOwner(t);
    const response = await owner.call('POST', '/feedback', {
      body: bug('The map shows no bales after I changed the year.\nSteps: …'),
    });
    expect(response.status).toBe(201);
    const sent = feedbackSchema.parse(await response.json());
    expect(sent).toMatchObject({ type: 'bug', name: 'Dana Grower', email: 'dana@farm.example' });

    const stored = await t.ctx.db
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(stored.orgId).toBe(owner.orgId);
    expect(stored.details).toBe('The map shows no bales after I changed the year.\nSteps: …');

    const [mail] = await mailsTo(SUPPORT);
    expect(mail?.subject).toBe(
      'Baletrack feedback (bug): The map shows no bales after I changed the year.',
    );
    expect(mail?.text).toContain('From: Dana Grower <dana@farm.example>');
    expect(mail?.text).toContain(`(${owner.orgId})`);
    expect(mail?.text).toContain('Steps: …');
  });

  it('refuses incomplete feedback with the clear messages and stores nothing', async () => {
    const owner = await signedInOwner(t);
    for (const [body, message] of [
      [{ ...bug('   ') }, 'Please describe the bug or feature.'],
      [{ ...bug('x'.repeat(5001)) }, undefined],
      [{ ...bug('ok'), type: 'praise' }, undefined],
      [{ ...bug('ok'), email: 'not-an-email' }, undefined],
      [{ ...bug('ok'), name: '' }, undefined],
    ] as const) {
      const response = await owner.call('POST', '/feedback', { body });
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe('VALIDATION_FAILED');
      if (message) expect(error.message).toBe(message);
    }
    const list = feedbackListSchema.parse(await (await owner.call('GET', '/feedback')).json());
    expect(list.feedback).toEqual([]);
  });

  it('limits each user to a number of sends an hour', async () => {
    const owner = await signedInOwner(t);
    for (let i = 0; i < FEEDBACK_PER_HOUR; i += 1) {
      expect((await owner.call('POST', '/feedback', { body: bug(`Idea ${i}`) })).status).toBe(201);
    }
    const refused = await owner.call('POST', '/feedback', { body: bug('One more') });
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).code).toBe('RATE_LIMITED');
    // Someone else is not limited by it.
    const other = await signedInOwner(t);
    expect((await other.call('POST', '/feedback', { body: bug('Mine') })).status).toBe(201);
  });
});

describe('GET /feedback', () => {
  it("lists the organization's own feedback, newest first, to everyone in it", async () => {
    const owner = await signedInOwner(t);
    const hand = await signedInSubUser(t, owner.orgId);
    await owner.call('POST', '/feedback', { body: bug('First') });
    t.advance(1000);
    await hand.call('POST', '/feedback', {
      body: { type: 'feature', name: 'Hand', email: hand.email, details: 'Second' },
    });
    const other = await signedInOwner(t);
    await other.call('POST', '/feedback', { body: bug('Not yours') });

    for (const caller of [owner, hand]) {
      const response = await caller.call('GET', '/feedback');
      expect(response.status).toBe(200);
      const { feedback } = feedbackListSchema.parse(await response.json());
      expect(feedback.map((f) => [f.type, f.details])).toEqual([
        ['feature', 'Second'],
        ['bug', 'First'],
      ]);
    }
    const theirs = feedbackListSchema.parse(await (await other.call('GET', '/feedback')).json());
    expect(theirs.feedback.map((f) => f.details)).toEqual(['Not yours']);
  });
});

describe('GET /admin/feedback', () => {
  it("shows SuperAdmins everyone's feedback with its organization, and refuses others", async () => {
    const owner = await signedInOwner(t);
    await owner.call('POST', '/feedback', { body: bug('Seen by the operators') });
    const admin = await signedInOwner(t, ['SuperAdmins']);

    const response = await admin.call('GET', '/admin/feedback', {
      query: { search: 'seen by the OPERATORS' },
    });
    expect(response.status).toBe(200);
    const { feedback } = adminFeedbackListSchema.parse(await response.json());
    expect(feedback).toHaveLength(1);
    expect(feedback[0]).toMatchObject({ orgId: owner.orgId, details: 'Seen by the operators' });
    expect(feedback[0]?.organizationName).toMatch(/^Farm /);

    const all = adminFeedbackListSchema.parse(
      await (await admin.call('GET', '/admin/feedback')).json(),
    );
    expect(new Set(all.feedback.map((f) => f.orgId)).size).toBeGreaterThan(1);

    const refused = await owner.call('GET', '/admin/feedback');
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe('Only administrators can do this.');
  });
});
