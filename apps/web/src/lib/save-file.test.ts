import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from '@/lib/save-file';

describe('filenameFromDisposition', () => {
  it("reads the server's attachment name", () => {
    expect(
      filenameFromDisposition(
        'attachment; filename="green-acres-bales-2025-01-01-to-2025-12-31.csv"',
      ),
    ).toBe('green-acres-bales-2025-01-01-to-2025-12-31.csv');
  });

  it('has none without a header or with a path in it', () => {
    expect(filenameFromDisposition(null)).toBeUndefined();
    expect(filenameFromDisposition('attachment')).toBeUndefined();
    expect(filenameFromDisposition('attachment; filename="../x.csv"')).toBeUndefined();
  });
});
