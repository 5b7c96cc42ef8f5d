import { PassThrough } from 'node:stream';
import { ingestMessages } from '@baletrack/contracts/ingest/ingest';
import secureJson from 'secure-json-parse';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/app-error.ts';
import { BatchBody, receiveBatchBody } from './ingest-body.ts';

// The streamed body must answer as the whole-body parse did (Fastify's JSON parser, then the
// envelope schema), however the bytes are cut into chunks.

const MAX_RECORDS = 3;

type Outcome = { records: unknown[] } | { refused: string; path?: string };

/** What a whole-body parse and the envelope schema answer. */
function wholeBody(body: Buffer): Outcome {
  if (body.length === 0) return { refused: 'empty' };
  let parsed: unknown;
  try {
    parsed = secureJson.parse(body.toString('utf8'), undefined, {
      protoAction: 'error',
      constructorAction: 'error',
    });
  } catch {
    return { refused: 'not JSON' };
  }
  // The envelope schema's answer, with the path of its issue.
  const bales = (parsed as { bales?: unknown } | null)?.bales;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { refused: 'not a batch', path: '' };
  }
  if (!Array.isArray(bales)) return { refused: 'not a batch', path: 'bales' };
  if (bales.length === 0) return { refused: 'empty batch' };
  if (bales.length > MAX_RECORDS) return { refused: 'too many' };
  return { records: bales };
}

async function* chunks(body: Buffer, size: number) {
  for (let i = 0; i < body.length; i += size) yield body.subarray(i, i + size);
}

async function* cutAt(body: Buffer, at: number) {
  yield body.subarray(0, at);
  yield body.subarray(at);
}

async function streamed(source: AsyncIterable<Buffer>): Promise<Outcome> {
  try {
    return { records: await new BatchBody(source, MAX_RECORDS).all() };
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return { refused: 'empty' };
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY') return { refused: 'not JSON' };
    if (message === ingestMessages.bodyNotBatch) {
      return { refused: 'not a batch', path: (error as AppError).issues?.[0]?.path };
    }
    if (message === ingestMessages.batchEmpty) return { refused: 'empty batch' };
    if (message === ingestMessages.batchTooLarge) return { refused: 'too many' };
    throw error;
  }
}

const corpus = [
  '{"bales":[{"uid":"A","weightKg":412.5},{"uid":"B"}]}',
  ' \n{ "bales" : [ 1 , "two" , null , [3, {"x": "]}"}] ] } \t',
  '{"note":{"a":[1,2,{"b":"}"}]},"bales":[true,false,-1.5e3]}',
  '{"bales":[{"uid":"escaped \\" quote \\\\ and \\u00e9"}],"after":"x"}',
  '{"bales":[{"uid":"é – 稲わら 🌾"}]}',
  '\ufeff{"bales":[{"uid":"after a byte order mark"}]}',
  '{"\\u0062ales":[{"uid":"escaped key"}]}',
  '{"bales":[1,2,3,4]}',
  '{"bales":[]}',
  '{"bales":"many"}',
  '{"bales":{"0":1}}',
  '{}',
  '[{"uid":"A"}]',
  '"bales"',
  '42',
  '',
  '   ',
  '\ufeff',
  ' \ufeff{"bales":[1]}',
  '\ufeff\ufeff[1]',
  '{"bales":[\ufeff1]}',
  '{"bales":[\ufeff{"uid":"A"}]}',
  '{"x":\ufeff1,"bales":[1]}',
  '{"bales":[',
  '{"bales":[1,]}',
  '{"bales":[1 2]}',
  '{"bales":[1]',
  '{"bales":[1]}}',
  '{"bales":[1]} x',
  '{"bales":[tru]}',
  '{"bales":[01]}',
  '{"bales":[1"a"]}',
  '{"bales":[{"a":1]}]}',
  '{"bales" [1]}',
  '{bales:[1]}',
  '{"bales":[1],}',
  '{,"bales":[1]}',
  '{"bales":[{"a":"\u0001"}]}',
  '{"bales":[{"__proto__":{"polluted":true}}]}',
  '{"__proto__":{"polluted":true},"bales":[1]}',
  '{"constructor":{"prototype":{"polluted":true}},"bales":[1]}',
  '{"bales":[{"constructor":{"prototype":{}}}]}',
  '{"bales":[{"uid":"A"}]}\n\n',
];

describe('BatchBody', () => {
  it('answers as the whole-body parse does, cut at every byte and byte by byte', async () => {
    for (const text of corpus) {
      const body = Buffer.from(text);
      const expected = wholeBody(body);
      expect(await streamed(chunks(body, body.length || 1)), text).toEqual(expected);
      expect(await streamed(chunks(body, 1)), text).toEqual(expected);
      for (let at = 1; at < body.length; at += 1) {
        expect(await streamed(cutAt(body, at)), `${text} cut at ${at}`).toEqual(expected);
      }
    }
  });

  it('hands out each record as soon as its last byte has arrived', async () => {
    const seen: string[] = [];
    let sent = 0;
    async function* slowly() {
      for (const piece of ['{"bales":[{"uid":"A"}', ',{"uid":"B"}', ']}']) {
        sent += 1;
        yield Buffer.from(piece);
      }
    }
    const body = new BatchBody(slowly(), MAX_RECORDS);
    for await (const i of body.arrived())
      seen.push(`${(body.records[i] as { uid: string }).uid}@${sent}`);
    expect(seen).toEqual(['A@1', 'B@2']);
  });

  it('refuses a second "bales", which a whole-body parse would take instead of the first', async () => {
    // The first one's records may already be in the COPY: a batch is one list or none.
    const body = Buffer.from('{"bales":[{"uid":"A"}],"bales":[{"uid":"B"}]}');
    expect(await streamed(chunks(body, 7))).toEqual({ refused: 'not a batch', path: 'bales' });
  });

  it('reads the rest after a consumer stopped early, losing no record', async () => {
    const body = new BatchBody(chunks(Buffer.from('{"bales":[1,2,3]}'), 4), MAX_RECORDS);
    for await (const i of body.arrived()) if (i === 0) break;
    expect(await body.all()).toEqual([1, 2, 3]);
  });
});

describe('receiveBatchBody', () => {
  it('gives the event loop a turn between pieces, so other requests never wait a whole batch', async () => {
    const stream = new PassThrough();
    const received = receiveBatchBody(stream, undefined, 1_000);
    for (const piece of ['{"bales":[', '1,', '2,', '3]}']) stream.write(piece);
    stream.end();
    const body = await received;
    // Another request's work, queued turn after turn: how many records it saw read each time.
    const seen: number[] = [];
    let running = true;
    const other = () => {
      seen.push(body.records.length);
      if (running) setImmediate(other);
    };
    setImmediate(other);
    expect(await body.all()).toEqual([1, 2, 3]);
    running = false;
    expect(seen).toContain(1);
    expect(seen).toContain(2);
  });
});
