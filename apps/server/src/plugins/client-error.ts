import type { Socket } from 'node:net';
import { errorCodes } from '@baletrack/contracts/errors/api-error';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Requests Node's HTTP parser refuses before any route sees them (an address or headers over
 * 16 KB, a malformed request line) still get the product's error body, not an empty answer.
 * Used as Fastify's `clientErrorHandler`.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLong = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLong ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const body = JSON.stringify({
    code: errorCodes.VALIDATION_FAILED,
    message: tooLong
      ? 'The address or its headers are too long (16 KB at most).'
      : 'The request could not be read.',
  });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

const frameworkMessages: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'A value in the address is too long.',
};

/**
 * What Fastify's router refuses before a route runs (a malformed address, a path parameter over
 * its length), in the product's error body. Used as Fastify's `frameworkErrors`.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply.code(error.statusCode ?? 400).send({
    code: errorCodes.VALIDATION_FAILED,
    message: frameworkMessages[error.code] ?? 'The request could not be read.',
  });
}
