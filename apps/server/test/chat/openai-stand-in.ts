// A local stand-in for an OpenAI-compatible chat-completions endpoint (`POST /v1/chat/completions`
// with `stream: true`), answering in server-sent events as OpenAI does, so the chat's generated
// mode is tested without the internet. `behaviour` chooses a good stream, a refusal or a stream
// that breaks off.

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInBehaviour = 'stream' | 'refuse' | 'break-off';

export interface CompletionRequest {
  authorization: string | undefined;
  body: {
    model: string;
    stream: boolean;
    messages: { role: string; content: string }[];
  };
}

export interface OpenAiStandIn {
  /** The base URL to configure as CHAT_LLM_URL (…/v1). */
  url: string;
  requests: CompletionRequest[];
  behaviour: StandInBehaviour;
  /** The pieces a good stream sends, one event each. */
  pieces: string[];
  close(): Promise<void>;
}

const chunk = (content: string) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-standin',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'stand-in',
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  })}\n\n`;

export async function startOpenAiStandIn(): Promise<OpenAiStandIn> {
  const standIn: OpenAiStandIn = {
    url: '',
    requests: [],
    behaviour: 'stream',
    pieces: [
      'Bales are locked when their baler had no active subscription month ',
      'when they were made. Apply that month to the baler to unlock them: ',
      'see [Subscriptions and credits](/help/subscriptions-and-credits).',
    ],
    close: async () => {},
  };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (data: Buffer) => {
      raw += data.toString();
    });
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      standIn.requests.push({
        authorization: request.headers.authorization,
        body: JSON.parse(raw) as CompletionRequest['body'],
      });
      if (standIn.behaviour === 'refuse') {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'The model is overloaded.' } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      // The role comes first, with no content, as OpenAI sends it.
      response.write(
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: 'assistant' } }] })}\n\n`,
      );
      if (standIn.behaviour === 'break-off') {
        response.write(chunk(standIn.pieces[0] ?? ''));
        setTimeout(() => response.socket?.destroy(), 20);
        return;
      }
      let i = 0;
      const next = () => {
        const piece = standIn.pieces[i];
        i += 1;
        if (piece === undefined) {
          response.write(
            `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
          );
          response.end('data: [DONE]\n\n');
          return;
        }
        response.write(chunk(piece));
        setTimeout(next, 10);
      };
      next();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  standIn.url = `http://127.0.0.1:${port}/v1`;
  standIn.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}
