import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FALLBACK_NOTE, NOT_KNOWN } from '../../src/features/chat/chat-answers.ts';
import { newConfirmedUser, signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ask, openChat } from './chat-client.ts';
import { type OpenAiStandIn, startOpenAiStandIn } from './openai-stand-in.ts';

// With an OpenAI-compatible endpoint configured (CHAT_LLM_URL, _API_KEY, _MODEL), the
// chat streams answers generated from the retrieved passages, and falls back to retrieval, saying
// so, when the endpoint fails. The endpoint is a local stand-in.

let t: TestApp;
let llm: OpenAiStandIn;
let token: string;
beforeAll(async () => {
  llm = await startOpenAiStandIn();
  t = await startTestApp({
    env: { CHAT_LLM_URL: llm.url, CHAT_LLM_API_KEY: 'sk-standin', CHAT_LLM_MODEL: 'farm-helper-1' },
  });
  const owner = await newConfirmedUser(t.ctx);
  token = (await signIn(t, owner.email, owner.password)).IdToken;
});
afterAll(async () => {
  await t.close();
  await llm.close();
});
beforeEach(() => {
  llm.behaviour = 'stream';
  llm.requests.length = 0;
});

describe('support chat with a generating endpoint', () => {
  it('streams the generated answer piece by piece, grounded in the passages, with links', async () => {
    const { client, generated } = await openChat(t, token);
    expect(generated).toBe(true);
    const { modes, streamed, answer } = await ask(client, 'Why are some of my bales locked?');
    expect(modes).toEqual(['generated']);
    expect(streamed).toBe(llm.pieces.join(''));
    expect(answer).toMatchObject({ mode: 'generated', text: llm.pieces.join('') });
    expect(answer.links[0]).toEqual({
      slug: 'troubleshooting',
      title: 'Troubleshooting',
      anchor: 'locked-bales',
    });

    const [request] = llm.requests;
    expect(request?.authorization).toBe('Bearer sk-standin');
    expect(request?.body).toMatchObject({ model: 'farm-helper-1', stream: true });
    const system = request?.body.messages[0]?.content ?? '';
    expect(request?.body.messages[0]?.role).toBe('system');
    expect(system).toContain('/help/troubleshooting#locked-bales');
    expect(system).toContain('Bales of other months are kept');
    expect(request?.body.messages.at(-1)).toEqual({
      role: 'user',
      content: 'Why are some of my bales locked?',
    });

    // The next question carries the conversation so far.
    await ask(client, 'And how do I buy credits?');
    expect(llm.requests[1]?.body.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
    ]);
    client.close();
  });

  it('falls back to retrieval, saying so, when the endpoint refuses', async () => {
    llm.behaviour = 'refuse';
    const { client } = await openChat(t, token);
    const { modes, answer } = await ask(client, 'Why are some of my bales locked?');
    expect(modes).toEqual(['generated', 'fallback']);
    expect(answer.mode).toBe('fallback');
    expect(
      answer.text.startsWith(`${FALLBACK_NOTE}\n\nFrom **Troubleshooting › Locked bales**`),
    ).toBe(true);
    expect(answer.links[0]?.slug).toBe('troubleshooting');
    client.close();
  });

  it('falls back when the stream breaks off half-way, replacing what was streamed', async () => {
    llm.behaviour = 'break-off';
    const { client } = await openChat(t, token);
    const { modes, streamed, answer } = await ask(client, 'How do I import a shapefile?');
    expect(modes).toEqual(['generated', 'fallback']);
    expect(answer.mode).toBe('fallback');
    expect(streamed).toBe(answer.text);
    expect(answer.text).not.toContain(llm.pieces[0]);
    client.close();
  });

  it('does not ask the endpoint when no article covers the question', async () => {
    const { client } = await openChat(t, token);
    const { answer } = await ask(client, 'What will the weather be tomorrow?');
    expect(answer).toMatchObject({ mode: 'retrieval', text: NOT_KNOWN });
    expect(llm.requests).toEqual([]);
    client.close();
  });
});
