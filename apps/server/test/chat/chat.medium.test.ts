import { randomUUID } from 'node:crypto';
import { chatCloseCodes } from '@baletrack/contracts/help/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_QUESTIONS_PER_MINUTE } from '../../src/features/chat/chat.routes.ts';
import { NOT_KNOWN } from '../../src/features/chat/chat-answers.ts';
import { createPoolUser } from '../../src/features/identity/user-pool.service.ts';
import { newConfirmedUser, signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ask, connectChat, openChat } from './chat-client.ts';

// The support chat over a real websocket, answering by retrieval from the Helpful
// Information articles (docs/product.md#support-chat).

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signedIn(groups = ['AccountsOwner'], orgId?: string) {
  if (orgId) {
    const email = `hand-${randomUUID().slice(0, 8)}@example.com`;
    await createPoolUser(t.ctx, {
      orgId,
      email,
      name: 'Hand',
      password: 'Correct-horse1',
      groups,
      status: 'CONFIRMED',
    });
    const password = 'Correct-horse1';
    return { orgId, email, password, token: (await signIn(t, email, password)).IdToken };
  }
  const user = await newConfirmedUser(t.ctx, { groups });
  const token = (await signIn(t, user.email, user.password)).IdToken;
  return { orgId: user.orgId, email: user.email, password: user.password, token };
}

describe('support chat: signing in over the socket', () => {
  it('refuses a connection whose first message is not a valid id token', async () => {
    const bad = await connectChat(t);
    bad.send({ type: 'auth', token: 'not-a-token' });
    expect(await bad.closed).toEqual({
      code: chatCloseCodes.unauthorized,
      reason: 'Invalid auth tokens',
    });

    const skipped = await connectChat(t);
    skipped.send({ type: 'ask', text: 'Why are some bales locked?' });
    expect((await skipped.closed).code).toBe(chatCloseCodes.unauthorized);

    const garbage = await connectChat(t);
    garbage.send('{not json');
    expect((await garbage.closed).code).toBe(chatCloseCodes.badMessage);
  });

  it('takes no token from the address', async () => {
    const owner = await signedIn();
    const socket = await connectChat(t, `?token=${encodeURIComponent(owner.token)}`);
    // A token in the address is ignored: the socket is unauthenticated until the auth message.
    socket.send({ type: 'clear' });
    expect((await socket.closed).code).toBe(chatCloseCodes.unauthorized);
    const { history } = await openChat(t, owner.token);
    expect(history).toEqual([]);
  });
});

describe('support chat: answers from the articles', () => {
  it('quotes the passage that answers and links its article', async () => {
    const owner = await signedIn();
    const { client, generated } = await openChat(t, owner.token);
    expect(generated).toBe(false);
    const { question, modes, streamed, answer } = await ask(
      client,
      'Why are some of my bales locked?',
    );
    expect(question).toMatchObject({ role: 'user', text: 'Why are some of my bales locked?' });
    expect(modes).toEqual(['retrieval']);
    expect(answer).toMatchObject({ role: 'assistant', mode: 'retrieval' });
    expect(answer.text).toContain('From **Troubleshooting › Locked bales**');
    expect(answer.text).toMatch(/^> .*active.*subscription month/m);
    expect(answer.text).toContain(
      '[Troubleshooting › Locked bales](/help/troubleshooting#locked-bales)',
    );
    expect(answer.links).toEqual([
      { slug: 'troubleshooting', title: 'Troubleshooting', anchor: 'locked-bales' },
      { slug: 'subscriptions-and-credits', title: 'Subscriptions and credits' },
      ...answer.links.slice(2),
    ]);
    expect(streamed).toBe(answer.text);
    client.close();
  });

  it('says plainly when the articles do not answer', async () => {
    const owner = await signedIn();
    const { client } = await openChat(t, owner.token);
    const { answer } = await ask(client, 'What will the weather be tomorrow?');
    expect(answer).toMatchObject({ mode: 'retrieval', text: NOT_KNOWN, links: [] });
    client.close();
  });

  it('refuses an empty or over-long question and keeps the connection', async () => {
    const owner = await signedIn();
    const { client } = await openChat(t, owner.token);
    client.send({ type: 'ask', text: 'x'.repeat(1001) });
    expect(await client.next()).toMatchObject({ type: 'error' });
    client.send({ type: 'ask', text: '   ' });
    expect(await client.next()).toMatchObject({ type: 'error' });
    expect((await ask(client, 'How do I import a shapefile?')).answer.links[0]?.slug).toBe(
      'fields',
    );
    client.close();
  });

  it('limits how many questions a connection asks a minute', async () => {
    const owner = await signedIn();
    const { client } = await openChat(t, owner.token);
    for (let i = 0; i < CHAT_QUESTIONS_PER_MINUTE; i += 1) await ask(client, 'heatmap zoom');
    client.send({ type: 'ask', text: 'heatmap zoom' });
    expect(await client.next()).toEqual({
      type: 'error',
      message: 'Too many questions at once. Wait a minute.',
    });
    client.close();
  });
});

describe('support chat: conversations', () => {
  it("keeps each user's conversation to themselves, across organizations and within one", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const colleague = await signedIn([], owner.orgId);

    const first = await openChat(t, owner.token);
    await ask(first.client, 'What moisture is safe for large squares?');
    first.client.close();

    const again = await openChat(t, owner.token);
    expect(again.history.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(again.history[0]?.text).toBe('What moisture is safe for large squares?');
    again.client.close();

    for (const stranger of [other, colleague]) {
      const theirs = await openChat(t, stranger.token);
      expect(theirs.history).toEqual([]);
      // Clearing theirs leaves the owner's alone.
      theirs.client.send({ type: 'clear' });
      expect(await theirs.client.next()).toEqual({ type: 'cleared' });
      theirs.client.close();
    }
    const rows = await t.ctx.db
      .selectFrom('chatMessages')
      .select('orgId')
      .where('orgId', 'in', [owner.orgId, other.orgId])
      .execute();
    expect(rows.map((r) => r.orgId)).toEqual([owner.orgId, owner.orgId]);

    const mine = await openChat(t, owner.token);
    expect(mine.history).toHaveLength(2);
    mine.client.send({ type: 'clear' });
    expect(await mine.client.next()).toEqual({ type: 'cleared' });
    mine.client.close();
    expect((await openChat(t, owner.token)).history).toEqual([]);
  });

  it('keeps a conversation 30 days', async () => {
    const owner = await signedIn();
    const chat = await openChat(t, owner.token);
    await ask(chat.client, 'How do I register a baler?');
    chat.client.close();
    // The id token has expired by then: sign in again, as the web app would.
    const freshToken = async () => (await signIn(t, owner.email, owner.password)).IdToken;
    t.advance(29 * 86_400_000);
    const ownerAgain = await openChat(t, await freshToken());
    expect(ownerAgain.history).toHaveLength(2);
    ownerAgain.client.close();
    t.advance(2 * 86_400_000);
    const expired = await openChat(t, await freshToken());
    expect(expired.history).toEqual([]);
    expired.client.close();
    const left = await t.ctx.db
      .selectFrom('chatMessages')
      .select('id')
      .where('orgId', '=', owner.orgId)
      .execute();
    expect(left).toEqual([]);
  });
});
