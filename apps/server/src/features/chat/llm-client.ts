/** The generated answers' endpoint: any server speaking OpenAI's chat-completions API. */
export interface LlmEndpoint {
  url: string;
  apiKey?: string;
  model: string;
}

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Waiting for the endpoint's first words, and for the whole answer. */
const FIRST_BYTE_MS = 15_000;
const TOTAL_MS = 60_000;

export class LlmError extends Error {
  override readonly name = 'LlmError';
}

/**
 * Streams a chat completion (`POST <url>/chat/completions` with `stream: true`, server-sent
 * events of `choices[0].delta.content`), calling `onDelta` with each piece; answers the whole
 * text. Throws LlmError when the endpoint refuses, times out, breaks off or says nothing.
 */
export async function streamChatCompletion(
  endpoint: LlmEndpoint,
  messages: LlmMessage[],
  onDelta: (text: string) => void,
): Promise<string> {
  const controller = new AbortController();
  const firstByte = setTimeout(() => controller.abort(), FIRST_BYTE_MS);
  const total = setTimeout(() => controller.abort(), TOTAL_MS);
  try {
    const response = await fetch(`${endpoint.url}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: endpoint.model,
        messages,
        stream: true,
        temperature: 0.2,
      }),
      signal: controller.signal,
    });
    if (!response.ok || !response.body) {
      throw new LlmError(`The chat endpoint answered ${response.status}.`);
    }
    clearTimeout(firstByte);
    let answer = '';
    let done = false;
    let buffer = '';
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const data = line.startsWith('data:') ? line.slice(5).trim() : undefined;
        if (data === undefined || data === '') continue;
        if (data === '[DONE]') {
          done = true;
          break;
        }
        const piece = deltaOf(data);
        if (piece) {
          answer += piece;
          onDelta(piece);
        }
      }
      if (done) break;
    }
    if (!done) throw new LlmError('The chat endpoint broke off its answer.');
    if (answer.trim() === '') throw new LlmError('The chat endpoint answered nothing.');
    return answer;
  } catch (error) {
    if (error instanceof LlmError) throw error;
    throw new LlmError(`The chat endpoint failed: ${String(error)}`);
  } finally {
    clearTimeout(firstByte);
    clearTimeout(total);
  }
}

function deltaOf(data: string): string {
  let event: unknown;
  try {
    event = JSON.parse(data);
  } catch {
    throw new LlmError('The chat endpoint sent something that is not JSON.');
  }
  const parsed = event as {
    error?: unknown;
    choices?: { delta?: { content?: unknown } }[];
  };
  if (parsed.error) throw new LlmError('The chat endpoint reported an error.');
  const content = parsed.choices?.[0]?.delta?.content;
  return typeof content === 'string' ? content : '';
}
