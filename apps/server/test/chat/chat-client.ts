import { createRequire } from 'node:module';
import {
  type ChatClientMessage,
  type ChatMessage,
  type ChatServerMessage,
  chatServerMessageSchema,
} from '@baletrack/contracts/help/chat';
import type { TestApp } from '../helpers/test-app.ts';

// The `ws` package (which @fastify/websocket serves with) as a client: Node 20 has no WebSocket.
interface WsClient {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): void;
  send(data: string): void;
  close(): void;
}
const { WebSocket } = createRequire(import.meta.url)('ws') as {
  WebSocket: new (url: string) => WsClient;
};

export interface ChatClient {
  /** The next message from the server (waits for it). */
  next(): Promise<ChatServerMessage>;
  send(message: ChatClientMessage | Record<string, unknown> | string): void;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** A websocket to the support chat, as the web app opens it. */
export async function connectChat(t: TestApp, search = ''): Promise<ChatClient> {
  const socket = new WebSocket(`${t.url.replace(/^http/, 'ws')}/user-api/chat${search}`);
  const received: ChatServerMessage[] = [];
  const waiting: ((message: ChatServerMessage) => void)[] = [];
  socket.on('message', (data) => {
    const message = chatServerMessageSchema.parse(JSON.parse(data.toString()));
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else received.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  return {
    next: () => {
      const message = received.shift();
      if (message) return Promise.resolve(message);
      return new Promise((resolve) => waiting.push(resolve));
    },
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    closed,
    close: () => socket.close(),
  };
}

/** Connects and authenticates; answers the client and the conversation it was greeted with. */
export async function openChat(t: TestApp, token: string) {
  const client = await connectChat(t);
  client.send({ type: 'auth', token });
  const ready = await client.next();
  if (ready.type !== 'ready') throw new Error(`expected ready, got ${JSON.stringify(ready)}`);
  return { client, history: ready.history, generated: ready.generated };
}

export interface Exchange {
  question: ChatMessage;
  modes: string[];
  streamed: string;
  answer: ChatMessage;
}

/** Asks a question and collects everything until the answer ends. */
export async function ask(client: ChatClient, text: string): Promise<Exchange> {
  client.send({ type: 'ask', text });
  let question: ChatMessage | undefined;
  const modes: string[] = [];
  let streamed = '';
  for (;;) {
    const message = await client.next();
    if (message.type === 'question') question = message.message;
    else if (message.type === 'answer-start') {
      modes.push(message.mode);
      streamed = '';
    } else if (message.type === 'answer-delta') streamed += message.text;
    else if (message.type === 'answer-end') {
      if (!question) throw new Error('answer before question');
      return { question, modes, streamed, answer: message.message };
    } else throw new Error(`unexpected ${JSON.stringify(message)}`);
  }
}
