// A local receiver of Sentry envelopes (the ingest endpoint `POST /api/<project>/envelope/`), so
// error reporting is tested without the internet: it keeps every envelope's items as JSON.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

export interface EnvelopeItem {
  type: string;
  payload: Record<string, unknown>;
}

export interface EnvelopeReceiver {
  /** A DSN pointing at the receiver. */
  dsn: string;
  origin: string;
  items: EnvelopeItem[];
  /** Every envelope as received (after un-gzipping), to search for secrets. */
  raw: string[];
  close(): Promise<void>;
}

function parseEnvelope(text: string): EnvelopeItem[] {
  const lines = text.split('\n');
  const items: EnvelopeItem[] = [];
  // Line 0 is the envelope header; then an item header and its payload, pair by pair.
  for (let i = 1; i + 1 < lines.length; i += 2) {
    const header = JSON.parse(lines[i] as string) as { type: string };
    let payload: Record<string, unknown> = {};
    try {
      payload = JSON.parse(lines[i + 1] as string) as Record<string, unknown>;
    } catch {
      payload = { text: lines[i + 1] };
    }
    items.push({ type: header.type, payload });
  }
  return items;
}

export async function startEnvelopeReceiver(): Promise<EnvelopeReceiver> {
  const receiver: EnvelopeReceiver = {
    dsn: '',
    origin: '',
    items: [],
    raw: [],
    close: async () => {},
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = zlib.gunzipSync(body);
      const text = body.toString('utf8');
      if (request.method === 'POST' && /^\/api\/\d+\/envelope\//.test(request.url ?? '')) {
        receiver.raw.push(text);
        receiver.items.push(...parseEnvelope(text));
      }
      response.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
      });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.origin = `http://127.0.0.1:${port}`;
  receiver.dsn = `http://publickey@127.0.0.1:${port}/42`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
