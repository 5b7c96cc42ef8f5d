import { messages } from '@baletrack/contracts/errors/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { balerErrorMessage } from './baler-error-message.ts';

describe('balerErrorMessage', () => {
  it("shows the server's message verbatim", () => {
    const refused = new ApiError(409, {
      code: 'CONFLICT',
      message: messages.baler.vinAlreadyRegistered,
    });
    expect(balerErrorMessage(refused)).toBe('This VIN is already registered to your account.');
  });

  it('falls back to the generic message without an answer or for anything else', () => {
    const offline = new ApiError(0, { code: 'NETWORK', message: 'fetch failed' });
    expect(balerErrorMessage(offline)).toBe(messages.generic);
    expect(balerErrorMessage(new Error('boom'))).toBe(messages.generic);
  });
});
