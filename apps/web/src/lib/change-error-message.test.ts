import { messages } from '@baletrack/contracts/errors/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { changeErrorMessage } from './change-error-message';

const failed = messages.fieldCuttingCrop.crop.deleteFailed;
const inUse = messages.fieldCuttingCrop.cropInUse(['1st cutting']);

describe('changeErrorMessage', () => {
  it("gives the server's words when it refused the change", () => {
    expect(
      changeErrorMessage(new ApiError(409, { code: 'CONFLICT', message: inUse }), failed),
    ).toBe(inUse);
    const crossing = messages.validation.boundaryCrossesItself(46.5, -120.3);
    expect(
      changeErrorMessage(
        new ApiError(400, { code: 'VALIDATION_FAILED', message: crossing }),
        failed,
      ),
    ).toBe(crossing);
  });

  it("gives the spec's failure message when the server failed or could not be reached", () => {
    expect(
      changeErrorMessage(
        new ApiError(500, { code: 'INTERNAL', message: messages.generic }),
        failed,
      ),
    ).toBe('Failed to delete crop');
    expect(
      changeErrorMessage(new ApiError(0, { code: 'NETWORK', message: messages.generic }), failed),
    ).toBe(failed);
    expect(changeErrorMessage(new TypeError('boom'), failed)).toBe(failed);
  });
});
