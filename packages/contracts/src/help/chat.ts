import { z } from 'zod';

/**
 * The support chat's websocket (docs/product.md#support-chat), `GET /user-api/chat` upgraded.
 * Browsers cannot set headers on a websocket, and an address is logged everywhere, so the id
 * token travels in the first message, never in the URL:
 *
 *   client → { type: 'auth', token }          first, within CHAT_AUTH_TIMEOUT_MS
 *   server → { type: 'ready', history, generated }
 *   client → { type: 'ask', text }            a question
 *   server → { type: 'answer-start', mode } { type: 'answer-delta', text }… { type: 'answer-end', message }
 *   client → { type: 'clear' }                server → { type: 'cleared' }
 *   server → { type: 'error', message }       a refused message; the connection stays
 *
 * Closing codes: `chatCloseCodes`. The answer-end message is the stored one and replaces whatever
 * the deltas showed (a generated answer that failed half-way is replaced by the fallback).
 */

export const CHAT_QUESTION_MAX_LENGTH = 1000;
/** A conversation is kept this long, then deleted. */
export const CHAT_RETENTION_DAYS = 30;
export const CHAT_AUTH_TIMEOUT_MS = 10_000;

export const chatCloseCodes = {
  /** No valid id token (or it expired): sign in again and reconnect. */
  unauthorized: 4401,
  /** Not the protocol: a message that is not JSON or not one of the client messages. */
  badMessage: 4400,
  /** No auth message in time. */
  authTimeout: 4408,
} as const;

export const chatModes = ['retrieval', 'generated', 'fallback'] as const;
export type ChatMode = (typeof chatModes)[number];

export const chatLinkSchema = z.object({
  slug: z.string(),
  title: z.string(),
  anchor: z.string().optional(),
});
export type ChatLink = z.infer<typeof chatLinkSchema>;

export const chatMessageSchema = z.object({
  id: z.uuid(),
  role: z.enum(['user', 'assistant']),
  /** Markdown; links point into the help (`/help/<slug>#<anchor>`). */
  text: z.string(),
  mode: z.enum(chatModes).nullable(),
  links: z.array(chatLinkSchema),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(8192) }),
  z.object({
    type: z.literal('ask'),
    text: z.string().trim().min(1).max(CHAT_QUESTION_MAX_LENGTH),
  }),
  z.object({ type: z.literal('clear') }),
]);
export type ChatClientMessage = z.infer<typeof chatClientMessageSchema>;

export const chatServerMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ready'),
    history: z.array(chatMessageSchema),
    /** Whether an OpenAI-compatible endpoint writes the answers. */
    generated: z.boolean(),
  }),
  z.object({ type: z.literal('question'), message: chatMessageSchema }),
  z.object({ type: z.literal('answer-start'), mode: z.enum(chatModes) }),
  z.object({ type: z.literal('answer-delta'), text: z.string() }),
  z.object({ type: z.literal('answer-end'), message: chatMessageSchema }),
  z.object({ type: z.literal('cleared') }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ChatServerMessage = z.infer<typeof chatServerMessageSchema>;
