import { messages } from '@baletrack/contracts/errors/messages';
import {
  CHAT_AUTH_TIMEOUT_MS,
  type ChatServerMessage,
  chatClientMessageSchema,
  chatCloseCodes,
} from '@baletrack/contracts/help/chat';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { principalFromHeaders } from '../../plugins/authenticate.ts';
import { answerQuestion, clearConversation, conversationOf } from './chat.service.ts';

/** Questions one connection may ask a minute: each costs a search, perhaps a paid completion. */
export const CHAT_QUESTIONS_PER_MINUTE = 12;

/** What the chat uses of a `ws` socket (the package ships no types). */
interface ChatSocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(data: string): void;
  close(code: number, reason: string): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: () => void): void;
}

/** When a verified token expires (its `exp`), in milliseconds. */
function expiryOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    exp?: number;
  };
  return (payload.exp ?? 0) * 1000;
}

/**
 * The support chat's websocket, `GET /user-api/chat` (protocol in
 * packages/contracts/src/help/chat.ts). Public for the HTTP upgrade, since a browser's websocket
 * carries no Authorization header; the first message must be the id token, checked exactly as
 * the APIs check it. Each connection speaks for one user, whose conversation is the only one it
 * reads or writes.
 */
export async function chatRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/chat',
    {
      websocket: true,
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      // OpenAPI cannot describe a websocket; docs/product.md#support-chat does.
      schema: { hide: true },
    },
    (socket: ChatSocket, request) => {
      const ctx = app.ctx;
      let principal: Principal | undefined;
      let asked: number[] = [];
      // One message at a time, in order: an answer is stored before the next question.
      let queue = Promise.resolve();
      const send = (message: ChatServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      const close = (code: number, reason: string) => {
        if (socket.readyState === socket.OPEN) socket.close(code, reason);
      };
      const authTimer = setTimeout(
        () => close(chatCloseCodes.authTimeout, 'No auth message'),
        CHAT_AUTH_TIMEOUT_MS,
      );
      let expiryTimer: NodeJS.Timeout | undefined;
      socket.on('close', () => {
        clearTimeout(authTimer);
        clearTimeout(expiryTimer);
      });

      const handle = async (raw: string) => {
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          return close(chatCloseCodes.badMessage, 'Not JSON');
        }
        const parsed = chatClientMessageSchema.safeParse(json);
        if (!parsed.success) {
          if (principal && (json as { type?: unknown })?.type === 'ask') {
            return send({ type: 'error', message: parsed.error.issues[0]?.message ?? 'Invalid' });
          }
          return close(chatCloseCodes.badMessage, 'Not a chat message');
        }
        const message = parsed.data;
        if (!principal) {
          if (message.type !== 'auth') return close(chatCloseCodes.unauthorized, 'Auth first');
          try {
            principal = await principalFromHeaders(ctx, { authorization: message.token });
          } catch (error) {
            if (error instanceof AppError && error.statusCode < 500) {
              return close(chatCloseCodes.unauthorized, messages.auth.invalidAuthTokens);
            }
            throw error;
          }
          clearTimeout(authTimer);
          // A connection lives no longer than its token; the client reconnects with a fresh one.
          const left = Math.min(expiryOf(message.token) - ctx.now().getTime(), 2 ** 31 - 1);
          expiryTimer = setTimeout(
            () => close(chatCloseCodes.unauthorized, messages.auth.invalidAuthTokens),
            Math.max(left, 0),
          );
          const history = await conversationOf(ctx, principal);
          return send({ type: 'ready', history, generated: ctx.config.chatLlm !== undefined });
        }
        if (message.type === 'auth') return;
        if (message.type === 'clear') {
          await clearConversation(ctx, principal);
          return send({ type: 'cleared' });
        }
        const now = ctx.now().getTime();
        asked = asked.filter((at) => now - at < 60_000);
        if (asked.length >= CHAT_QUESTIONS_PER_MINUTE) {
          return send({ type: 'error', message: 'Too many questions at once. Wait a minute.' });
        }
        asked.push(now);
        const answer = await answerQuestion(ctx, principal, message.text, {
          onQuestion: (stored) => send({ type: 'question', message: stored }),
          onStart: (mode) => send({ type: 'answer-start', mode }),
          onDelta: (text) => send({ type: 'answer-delta', text }),
          onFallback: (error) =>
            request.log.warn({ err: error }, 'chat endpoint failed; answered by retrieval'),
        });
        send({ type: 'answer-end', message: answer });
      };

      socket.on('message', (data) => {
        queue = queue
          .then(() => handle(String(data)))
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'support chat failed');
            send({ type: 'error', message: messages.generic });
          });
      });
    },
  );
}
