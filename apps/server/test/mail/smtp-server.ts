import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server in this process, keeping what it receives. `delayMs` holds each mail that
 * long before accepting it (a slow server); `refuse` is how many recipients it turns away with
 * a temporary 451 before accepting again (a server having trouble; see also refuseNext).
 */
export async function startSmtpServer(options: { delayMs?: number; refuse?: number } = {}) {
  const received: Received[] = [];
  let refuse = options.refuse ?? 0;
  let refusalCode = 451;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      if (refuse > 0) {
        refuse -= 1;
        const error = Object.assign(
          new Error(refusalCode < 500 ? 'Mailbox busy, try again later' : 'No such mailbox'),
          { responseCode: refusalCode },
        );
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        setTimeout(() => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        }, options.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Turns the next `count` recipients away, for now (451) or for good (550). */
    refuseNext(count: number, code: 451 | 550 = 451) {
      refuse = count;
      refusalCode = code;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** An SMTP URL nothing listens on (a port that was free a moment ago). */
export async function unreachableSmtpUrl(): Promise<string> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}

/** The six-digit code of a mail as the SMTP server received it. */
export function codeIn(mail: Received | undefined): string {
  const code = /^(\d{6})\r?$/m.exec(mail?.raw ?? '')?.[1];
  if (!code) throw new Error('No code in the mail');
  return code;
}

/** Waits until `check` holds (polling), or fails after `timeoutMs`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
