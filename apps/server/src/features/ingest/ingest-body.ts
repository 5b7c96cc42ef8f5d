import { setImmediate } from 'node:timers/promises';
import { fieldMessage } from '@baletrack/contracts/errors/field-message';
import {
  ingestEnvelopeSchema,
  ingestMessages,
  MAX_INGEST_BATCH,
} from '@baletrack/contracts/ingest/ingest';
import { errorCodes } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError } from '../../lib/app-error.ts';

// A batch's body read piece by piece (docs/adr/0019-ingest-through-copy.md): the envelope
// `{ "bales": [ … ] }` is scanned byte by byte and each record is parsed on its own the moment
// its last byte is read, so the COPY of the first records runs while the later ones are still
// being parsed, instead of after one parse of the whole body. The answer is the one a whole-body parse and the envelope schema give: each value
// goes through the same parser Fastify uses (secure-json-parse, `__proto__` and
// `constructor.prototype` refused), a syntax error anywhere is 'not valid JSON', and the
// envelope's own refusals (not a batch, empty, too many records) are decided once the body has
// ended, since a syntax error later would come first. ingest-body.test.ts holds the two to the
// same answer on a corpus, cut into pieces at every byte.

enum State {
  Start,
  MemberFirst,
  Member,
  Colon,
  Value,
  ElementFirst,
  Element,
  AfterElement,
  AfterMember,
  End,
  /** A body that is not an object: kept whole, then parsed to tell bad JSON from a wrong shape. */
  NotObject,
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const PARSE_OPTIONS = { protoAction: 'error', constructorAction: 'error' } as const;

const invalidJson = () => new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
/** The envelope's refusal, as the route's schema check gave it (plugins/error-handler.ts). */
const refused = (path: string, message: string) => {
  const text = fieldMessage(path, message);
  return new AppError('VALIDATION_FAILED', text, [{ path, message: text }]);
};
/** Not a batch: at the root for a body that is not an object, else at its missing "bales". */
const notBatch = (path: '' | 'bales') => refused(path, ingestMessages.bodyNotBatch);
const balesRefused = (message: string) => refused('bales', message);

/**
 * The records of a body that came whole (another content type than JSON, parsed by Fastify),
 * checked with the envelope schema; throws its refusal.
 * @example const records = checkedEnvelope('bales'); // throws 'The body must be a JSON object…'
 */
export function checkedEnvelope(body: unknown): unknown[] {
  const parsed = ingestEnvelopeSchema.safeParse(body);
  if (parsed.success) return parsed.data.bales;
  const issue = parsed.error.issues[0];
  throw refused(issue?.path.map(String).join('.') ?? '', issue?.message ?? '');
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** One JSON value, parsed as Fastify parses a body; throws its 'not valid JSON' error. */
function parseValue(text: string): unknown {
  // secure-json-parse skips a byte order mark at the start of any text it is given; in a whole
  // body only the body's first one is skipped (read()), one before a value is not JSON.
  if (text.charCodeAt(0) === 0xfeff) throw invalidJson();
  try {
    return secureJson.parse(text, undefined, PARSE_OPTIONS);
  } catch {
    throw invalidJson();
  }
}

/**
 * A baler's batch as its bytes arrive: `records` holds every record parsed so far, in order;
 * `arrived` yields their indexes as they come; `all` reads the rest. Each throws the body's
 * refusal (Fastify's 'not valid JSON' or 'empty', or the envelope's AppError) once known.
 * @example for await (const i of body.arrived()) store(body.records[i]);
 */
export class BatchBody {
  readonly records: unknown[] = [];
  private readonly source: AsyncIterator<Buffer | string>;
  private bytes = 0;
  private ended = false;
  // The body's first bytes, until there are three to tell a UTF-8 byte order mark by.
  private head: Buffer | null = Buffer.alloc(0);
  private state = State.Start;
  // The value being read (a member's key or value, or a record): its bytes from earlier chunks,
  // where it starts in this one, and how far its scan has come.
  private pieces: Buffer[] = [];
  private start = -1;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private key = '';
  private sawBales = false;
  private balesOk = false;
  private tooMany = false;

  constructor(
    source: AsyncIterable<Buffer | string>,
    private readonly maxRecords = MAX_INGEST_BATCH,
  ) {
    this.source = source[Symbol.asyncIterator]();
  }

  /** The indexes of the records, each as soon as it has arrived; ends with the body. */
  async *arrived(): AsyncGenerator<number> {
    let next = 0;
    for (;;) {
      while (next < this.records.length) yield next++;
      if (this.ended) return;
      await this.read();
    }
  }

  /** Every record of the body, once it has ended and its envelope is whole. */
  async all(): Promise<unknown[]> {
    while (!this.ended) await this.read();
    return this.records;
  }

  // One read at a time, and a refusal sticks: a reader given up on (a COPY the database
  // refused) may still be waiting for a chunk when the rest of the body is read.
  private reading: Promise<void> | undefined;
  private failure: { error: unknown } | undefined;

  private read(): Promise<void> {
    this.reading ??= this.readOnce().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async readOnce(): Promise<void> {
    if (this.failure) throw this.failure.error;
    try {
      await this.readChunk();
    } catch (error) {
      this.failure = { error };
      throw error;
    }
  }

  private async readChunk(): Promise<void> {
    const { value, done } = await this.source.next();
    if (done) {
      this.finish();
      return;
    }
    let chunk = typeof value === 'string' ? Buffer.from(value) : value;
    this.bytes += chunk.length;
    if (this.head) {
      chunk = Buffer.concat([this.head, chunk]);
      if (chunk.length < 3) {
        this.head = chunk;
        return;
      }
      this.head = null;
      // The whole-body parse skips a byte order mark too.
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
    }
    this.scan(chunk);
  }

  /** The body has ended: a whole envelope, or the refusal it earns. */
  private finish() {
    if (this.bytes === 0) throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
    if (this.head) {
      const head = this.head;
      this.head = null;
      this.scan(head);
    }
    if (this.state === State.NotObject) {
      parseValue(Buffer.concat(this.pieces).toString('utf8'));
      throw notBatch('');
    }
    if (this.state !== State.End) throw invalidJson();
    if (!this.balesOk) throw notBatch('bales');
    if (this.records.length === 0) throw balesRefused(ingestMessages.batchEmpty);
    if (this.tooMany) throw balesRefused(ingestMessages.batchTooLarge);
    this.ended = true;
  }

  private scan(chunk: Buffer) {
    const n = chunk.length;
    let i = 0;
    if (this.start >= 0) this.start = 0;
    while (i < n) {
      if (this.state === State.NotObject) {
        this.pieces.push(chunk.subarray(i));
        return;
      }
      if (this.start >= 0) {
        i = this.valueEnd(chunk, i);
        if (i < 0) {
          this.pieces.push(chunk.subarray(this.start));
          return;
        }
        this.took(this.text(chunk, i));
        continue;
      }
      const c = chunk[i] as number;
      if (isSpace(c)) {
        i += 1;
        continue;
      }
      i = this.structure(c, i);
    }
    // A value whose first byte was this chunk's last.
    if (this.start >= 0) this.pieces.push(chunk.subarray(this.start));
  }

  /** One byte between values: the envelope's punctuation, or the start of a value. */
  private structure(c: number, i: number): number {
    switch (this.state) {
      case State.Start:
        if (c !== OPEN_OBJECT) {
          this.state = State.NotObject;
          return i;
        }
        this.state = State.MemberFirst;
        return i + 1;
      case State.MemberFirst:
        if (c === CLOSE_OBJECT) {
          this.state = State.End;
          return i + 1;
        }
        return this.member(c, i);
      case State.Member:
        return this.member(c, i);
      case State.Colon:
        if (c !== COLON) throw invalidJson();
        this.state = State.Value;
        return i + 1;
      case State.Value:
        if (c === OPEN_ARRAY && this.key === 'bales' && !this.sawBales) {
          this.sawBales = true;
          this.balesOk = true;
          this.state = State.ElementFirst;
          return i + 1;
        }
        // A member other than the batch (kept by no one, but it must be JSON), or a second
        // "bales" or one that is not an array (the body is then not a batch).
        if (this.key === 'bales') {
          this.balesOk = false;
          this.sawBales = true;
        }
        return this.begin(c, i);
      case State.ElementFirst:
        if (c === CLOSE_ARRAY) {
          this.state = State.AfterMember;
          return i + 1;
        }
        return this.begin(c, i);
      case State.Element:
        return this.begin(c, i);
      case State.AfterElement:
        if (c === COMMA) {
          this.state = State.Element;
          return i + 1;
        }
        if (c !== CLOSE_ARRAY) throw invalidJson();
        this.state = State.AfterMember;
        return i + 1;
      case State.AfterMember:
        if (c === COMMA) {
          this.state = State.Member;
          return i + 1;
        }
        if (c !== CLOSE_OBJECT) throw invalidJson();
        this.state = State.End;
        return i + 1;
      default:
        throw invalidJson();
    }
  }

  private member(c: number, i: number): number {
    if (c !== QUOTE) throw invalidJson();
    return this.begin(c, i);
  }

  /** A value starts at `i`: a string, an object or array, or a bare word (number, literal). */
  private begin(c: number, i: number): number {
    this.start = i;
    this.pieces = [];
    this.inString = c === QUOTE;
    this.escaped = false;
    this.depth = c === OPEN_OBJECT || c === OPEN_ARRAY ? 1 : 0;
    return c === QUOTE || this.depth === 1 ? i + 1 : i;
  }

  /**
   * Scans on from `i` to the end of the value begun at `start`: returns the index just past it,
   * or -1 when it goes on in the next chunk. Brackets are only counted, strings skipped; the
   * parser then decides whether the value is JSON.
   */
  private valueEnd(chunk: Buffer, from: number): number {
    const n = chunk.length;
    let i = from;
    let { depth, inString, escaped } = this;
    const bare = depth === 0 && !inString;
    for (; i < n; i += 1) {
      const c = chunk[i] as number;
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) {
          inString = false;
          if (depth === 0) break;
        }
      } else if (bare) {
        if (isSpace(c) || c === COMMA || c === CLOSE_ARRAY || c === CLOSE_OBJECT || c === COLON) {
          this.depth = 0;
          this.inString = false;
          return i;
        }
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth += 1;
      else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        depth -= 1;
        if (depth === 0) break;
      }
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return i < n ? i + 1 : -1;
  }

  /** The text of the value that ends before `end` in this chunk. */
  private text(chunk: Buffer, end: number): string {
    const last = chunk.subarray(this.start, end);
    const bytes = this.pieces.length === 0 ? last : Buffer.concat([...this.pieces, last]);
    this.pieces = [];
    this.start = -1;
    return bytes.toString('utf8');
  }

  /** A whole value was read: a key, a member's value, or a record. */
  private took(text: string) {
    switch (this.state) {
      case State.MemberFirst:
      case State.Member:
        this.key = parseValue(text) as string;
        // What secure-json-parse refuses in a whole body, refused in the envelope too.
        if (this.key === '__proto__') throw invalidJson();
        this.state = State.Colon;
        return;
      case State.Value: {
        const value = parseValue(text);
        if (this.key === 'constructor' && isObject(value) && Object.hasOwn(value, 'prototype')) {
          throw invalidJson();
        }
        this.state = State.AfterMember;
        return;
      }
      default: {
        const record = parseValue(text);
        if (this.records.length < this.maxRecords) this.records.push(record);
        else this.tooMany = true;
        this.state = State.AfterElement;
      }
    }
  }
}

/**
 * Receives a JSON body whole, as bytes, before anything is locked or parsed (a baler trickling
 * its body must not hold the organization's writes meanwhile), then hands it to a BatchBody in
 * the pieces it came in. Refuses a body over `limit` bytes, or one short of its Content-Length,
 * as Fastify's own body reader does.
 * @example app.addContentTypeParser('application/json', (req, payload) => receiveBatchBody(payload, req.headers['content-length'], limit));
 */
export function receiveBatchBody(
  payload: NodeJS.ReadableStream,
  contentLength: string | undefined,
  limit: number,
): Promise<BatchBody> {
  const declared = contentLength === undefined ? undefined : Number(contentLength);
  if (declared !== undefined && declared > limit) {
    return Promise.reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      // The rest still flows, to no one, so the refusal can be answered.
      if (bytes > limit) {
        stop();
        reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      if (declared !== undefined && bytes !== declared) {
        reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
        return;
      }
      resolve(new BatchBody(inPieces(chunks)));
    };
    // A request the client gave up on (aborted) is its doing, not a fault of the server's.
    const onError = (error: Error & { statusCode?: number }) => {
      stop();
      error.statusCode ??= 400;
      reject(error);
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  });
}

/**
 * The pieces, with a turn of the event loop before each: the scan, the parse and the COPY rows
 * of a piece run together, so other farms' requests wait for one piece, never a whole batch.
 */
async function* inPieces(chunks: Buffer[]) {
  for (const chunk of chunks) {
    await setImmediate();
    yield chunk;
  }
}
