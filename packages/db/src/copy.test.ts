import { describe, expect, it } from 'vitest';
import { type CopyType, CopyValueError, CopyWriter, encodeCopyRows } from './copy.ts';
import { CopyRows } from './copy-out.ts';

// CopyWriter, which both the generic rows (encodeCopyRows, copyRowsIn) and ingest's rows
// written straight from a record go through; read back with the reports' decoder.

const decode = (types: readonly CopyType[], chunks: Buffer[]) => {
  const rows = new CopyRows(Buffer.concat(chunks), types);
  return Array.from({ length: rows.count }, (_, i) => rows.row(i));
};

describe('CopyWriter', () => {
  it('writes text in UTF-8 wherever the first character beyond ASCII comes', () => {
    const texts = ['', 'plain', 'é', 'aé', 'prés du lac', 'abc✓', 'x𝄞y', `${'a'.repeat(70)}ü`];
    expect(
      decode(
        ['text'],
        encodeCopyRows(
          ['text'],
          texts.map((t) => [t]),
        ),
      ),
    ).toEqual(texts.map((t) => [t]));
  });

  it('spreads rows over 256 KiB chunks and values longer than a chunk whole', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`row ${i} ${'é'.repeat(i % 50)}`, i]);
    rows.push(['ü'.repeat(200_000), -1]);
    const chunks = encodeCopyRows(['text', 'int4'], rows);
    expect(chunks.length).toBeGreaterThan(3);
    expect(decode(['text', 'int4'], chunks)).toEqual(rows);
  });

  it('refuses integers their type cannot hold with SQLSTATE 22003', () => {
    const out = new CopyWriter();
    for (const value of [2 ** 31, -(2 ** 31) - 1, 1.5, Number.NaN]) {
      expect(() => out.int4(value)).toThrow(CopyValueError);
    }
    expect(() => out.int8(2 ** 53)).toThrow(CopyValueError);
    expect(new CopyValueError('x').code).toBe('22003');
    out.int4(-(2 ** 31));
    out.int8(-(2 ** 53) + 1);
  });
});
