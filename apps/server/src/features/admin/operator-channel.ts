import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { errorCodes } from '@baletrack/contracts/errors/api-error';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSuperAdmin,
  SuperAdminInputError,
  type SuperAdminResult,
} from './superadmin.service.ts';

// The embedded database belongs to the running server, so `npm run superadmin` asks that server
// instead (ADR 21): on start it writes its loopback port and a fresh random token to
// DATA_DIR/operator.json, readable by its own user only; the one route answers only a loopback
// connection that was not forwarded by a proxy and carries that token. Anything else gets 404.

/** What DATA_DIR/operator.json holds while an embedded server runs. */
const channelFileSchema = z.object({ port: z.number().int(), token: z.string(), pid: z.number() });
export type OperatorChannel = z.infer<typeof channelFileSchema>;

const requestSchema = z.object({
  email: z.string().max(320),
  password: z.string().max(256).optional(),
});

const channelFile = (dataDir: string) => path.join(dataDir, 'operator.json');
const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** A new token for this process: 32 random bytes, hex. */
export function newOperatorToken(): string {
  return crypto.randomBytes(32).toString('hex');
}

function sameToken(given: string | undefined, token: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(`Bearer ${token}`);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** POST /operator/superadmin: `createSuperAdmin` for the operator's command on this machine. */
export function operatorRoutes(token: string) {
  return async (instance: FastifyInstance): Promise<void> => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.post('/operator/superadmin', { schema: { hide: true } }, async (request, reply) => {
      const direct =
        loopback.has(request.socket.remoteAddress ?? '') &&
        request.headers['x-forwarded-for'] === undefined &&
        request.headers.forwarded === undefined;
      if (!direct || !sameToken(request.headers.authorization, token)) {
        // Word for word what an unknown path answers (plugins/web-app.ts).
        return reply.status(404).send({
          code: errorCodes.NOT_FOUND,
          message: `No such endpoint: POST /operator/superadmin`,
        });
      }
      const input = requestSchema.safeParse(request.body);
      if (!input.success) {
        const message = 'Send { "email": …, "password"?: … } as JSON.';
        return reply.status(400).send({ code: errorCodes.VALIDATION_FAILED, message });
      }
      try {
        return await createSuperAdmin(app.ctx, input.data);
      } catch (error) {
        if (!(error instanceof SuperAdminInputError)) throw error;
        return reply
          .status(400)
          .send({ code: errorCodes.VALIDATION_FAILED, message: error.message });
      }
    });
  };
}

/** Tells commands on this machine where the running server listens; mode 0600. */
export function writeOperatorChannel(dataDir: string, channel: OperatorChannel): void {
  const file = channelFile(dataDir);
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, JSON.stringify(channel), { mode: 0o600, flag: 'wx' });
}

/** Removes the file if it is still this process's. */
export function removeOperatorChannel(dataDir: string, token: string): void {
  if (readOperatorChannel(dataDir)?.token === token)
    fs.rmSync(channelFile(dataDir), { force: true });
}

export function readOperatorChannel(dataDir: string): OperatorChannel | null {
  try {
    return channelFileSchema.parse(JSON.parse(fs.readFileSync(channelFile(dataDir), 'utf8')));
  } catch {
    return null;
  }
}

/**
 * Asks the server running on DATA_DIR to make a SuperAdmin. Throws SuperAdminInputError for what
 * the server refused, and a plain Error when no server answers.
 */
export async function superAdminThroughServer(
  dataDir: string,
  input: { email: string; password?: string },
): Promise<SuperAdminResult> {
  const channel = readOperatorChannel(dataDir);
  if (!channel) throw new Error('no running server left its address in DATA_DIR');
  const response = await fetch(`http://127.0.0.1:${channel.port}/operator/superadmin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${channel.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json()) as SuperAdminResult | { message: string };
  if (response.status === 400 && 'message' in body) throw new SuperAdminInputError(body.message);
  if (!response.ok || 'message' in body) {
    throw new Error(`the running server answered ${response.status}`);
  }
  return body;
}
