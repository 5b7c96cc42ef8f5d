import { messages as productMessages } from '@baletrack/contracts/errors/messages';
import {
  type ChatMessage,
  type ChatMode,
  chatCloseCodes,
  chatServerMessageSchema,
} from '@baletrack/contracts/help/chat';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getRuntimeConfig } from '@/config/runtime-config';
import { readSession } from '@/lib/auth-session';

export type ChatStatus = 'connecting' | 'ready' | 'offline';

export interface ChatState {
  status: ChatStatus;
  messages: ChatMessage[];
  /** The answer being written: its mode and the text so far. */
  answering: { mode: ChatMode | null; text: string } | null;
  error: string | null;
  /** Whether an AI endpoint writes the answers. */
  generated: boolean;
}

const initial: ChatState = {
  status: 'connecting',
  messages: [],
  answering: null,
  error: null,
  generated: false,
};

/** The chat's address: the user API's, as a websocket (docs/product.md#support-chat). */
function chatUrl(): string {
  return `${getRuntimeConfig().userApiUrl.replace(/^http/, 'ws')}/chat`;
}

const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

/**
 * The support chat's connection while `active`: the id token goes in the first message (never
 * the address); a dropped connection (an expired token included) is reopened with a fresh token.
 */
export function useSupportChat(active: boolean) {
  const [state, setState] = useState<ChatState>(initial);
  const socketRef = useRef<WebSocket | null>(null);

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const connect = async () => {
      setState((s) => ({ ...s, status: 'connecting' }));
      const session = await readSession();
      if (stopped) return;
      if (!session) {
        setState((s) => ({
          ...s,
          status: 'offline',
          error: productMessages.auth.invalidAuthTokens,
        }));
        return;
      }
      const socket = new WebSocket(chatUrl());
      socketRef.current = socket;
      socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token: session.idToken }));
      socket.onmessage = (event) => {
        const parsed = chatServerMessageSchema.safeParse(JSON.parse(String(event.data)));
        if (!parsed.success) return;
        const message = parsed.data;
        setState((s) => {
          switch (message.type) {
            case 'ready':
              attempt = 0;
              return {
                ...s,
                status: 'ready',
                messages: message.history,
                generated: message.generated,
                error: null,
              };
            case 'question':
              return {
                ...s,
                messages: [...s.messages, message.message],
                answering: { mode: null, text: '' },
              };
            case 'answer-start':
              // A fallback replaces what the endpoint had streamed.
              return { ...s, answering: { mode: message.mode, text: '' } };
            case 'answer-delta':
              return {
                ...s,
                answering: {
                  mode: s.answering?.mode ?? null,
                  text: (s.answering?.text ?? '') + message.text,
                },
              };
            case 'answer-end':
              return { ...s, messages: [...s.messages, message.message], answering: null };
            case 'cleared':
              return { ...s, messages: [], answering: null };
            case 'error':
              return { ...s, error: message.message, answering: null };
          }
          return s;
        });
      };
      socket.onclose = (event) => {
        if (socketRef.current === socket) socketRef.current = null;
        if (stopped) return;
        setState((s) => ({ ...s, status: 'offline', answering: null }));
        // A refused token is retried at once with a refreshed one, once; others back off.
        const wait =
          event.code === chatCloseCodes.unauthorized && attempt === 0
            ? 0
            : (RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] as number);
        attempt += 1;
        retry = setTimeout(() => void connect(), wait);
      };
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socketRef.current?.close();
      socketRef.current = null;
    };
  }, [active]);

  const send = useCallback((payload: object) => {
    const socket = socketRef.current;
    if (socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(payload));
    return true;
  }, []);

  const ask = useCallback(
    (text: string) => {
      setState((s) => ({ ...s, error: null }));
      return send({ type: 'ask', text });
    },
    [send],
  );
  const clear = useCallback(() => send({ type: 'clear' }), [send]);

  return { ...state, ask, clear };
}
