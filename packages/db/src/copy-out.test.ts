import { describe, expect, it } from 'vitest';
import { encodeCopyRows } from './copy.ts';
import { CopyRows, inlineParameters, recordMaker } from './copy-out.ts';

describe('inlineParameters', () => {
  it('writes each parameter as a quoted literal, the way the driver would send its text', () => {
    expect(
      inlineParameters({
        sql: 'select * from t where a = $1 and b > $2 and c = $10 and d = any($3) and e = $4',
        parameters: [
          "O'Brien",
          5.5,
          ['x', 'y"z'],
          new Date('2025-06-02T14:31:07.120Z'),
          0,
          0,
          0,
          0,
          0,
          true,
        ],
      }),
    ).toBe(
      "select * from t where a = 'O''Brien' and b > '5.5' and c = 'true' " +
        // The array's own escape is a backslash: E-quoted, doubled.
        `and d = any( E'{"x","y\\\\"z"}') and e = '2025-06-02T14:31:07.120Z'`,
    );
  });

  it('escapes backslashes whatever standard_conforming_strings says, and writes NULL', () => {
    expect(inlineParameters({ sql: 'select $1, $2', parameters: ['a\\b', null] })).toBe(
      "select  E'a\\\\b', NULL",
    );
  });

  it('leaves placeholders inside literals and quoted identifiers alone', () => {
    expect(
      inlineParameters({
        sql: `select '$1 it''s', "col$1""x" from t where a = $1`,
        parameters: ['v'],
      }),
    ).toBe(`select '$1 it''s', "col$1""x" from t where a = 'v'`);
  });

  it('refuses what it cannot write safely', () => {
    expect(() => inlineParameters({ sql: 'select $2', parameters: ['a'] })).toThrow(
      'No parameter 2',
    );
    expect(() => inlineParameters({ sql: 'select $1', parameters: ['a\0b'] })).toThrow('NUL');
    expect(() => inlineParameters({ sql: 'select $1', parameters: [{ a: 1 }] })).toThrow();
  });
});

describe('CopyRows', () => {
  it('decodes the binary rows copyRowsIn writes, one row when asked', () => {
    const types = [
      'text',
      'uuid',
      'float8',
      'int4',
      'bool',
      'timestamptz',
      'date',
      'uuid[]',
    ] as const;
    const id = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const bytes = Buffer.concat(
      encodeCopyRows(types, [
        [
          'Prés "du" Lac',
          id,
          -120.45,
          42,
          true,
          new Date('1999-12-31T23:59:59.999Z'),
          '2025-06-01',
          [id, id],
        ],
        [null, null, null, null, false, new Date('2025-06-02T14:31:07.120Z'), null, []],
      ]),
    );
    const rows = new CopyRows(bytes, types);
    expect(rows.count).toBe(2);
    expect(rows.row(1)).toEqual([
      null,
      null,
      null,
      null,
      false,
      new Date('2025-06-02T14:31:07.120Z'),
      null,
      [],
    ]);
    expect(rows.row(0)).toEqual([
      'Prés "du" Lac',
      id,
      -120.45,
      42,
      true,
      new Date('1999-12-31T23:59:59.999Z'),
      '2025-06-01',
      [id, id],
    ]);
  });

  it('makes each row an object of the names given, in any order asked, nulls kept', () => {
    const types = ['text', 'float8', 'uuid[]', 'bool'] as const;
    const bytes = Buffer.concat(
      encodeCopyRows(types, [
        ['B-1', 512.5, [], true],
        [null, null, null, false],
      ]),
    );
    const rows = new CopyRows(bytes, types);
    const make = recordMaker<object>(['uid', 'weightKg', 'fieldUids', 'missingTags']);
    expect(rows.record(1, make)).toEqual({
      uid: null,
      weightKg: null,
      fieldUids: null,
      missingTags: false,
    });
    expect(rows.record(0, make)).toEqual({
      uid: 'B-1',
      weightKg: 512.5,
      fieldUids: [],
      missingTags: true,
    });
    expect(rows.record(0, make)).toEqual(rows.record(0, make));
  });

  it('makes objects of plain field names only', () => {
    expect(() => recordMaker(['uid', 'x: alert(1), y'])).toThrow('Not a plain field name');
    expect(() => recordMaker(['__proto__', 'a'])).toThrow('Not a plain field name');
  });

  it('refuses rows of another shape than the types', () => {
    const bytes = Buffer.concat(encodeCopyRows(['text'], [['a']]));
    expect(() => new CopyRows(bytes, ['text', 'text'])).toThrow('1 columns, 2 expected');
  });
});
