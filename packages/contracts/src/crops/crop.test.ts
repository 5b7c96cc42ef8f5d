import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { issuesOf } from '../testing/issues-of.ts';
import { cropSchema, saveCropQuerySchema } from './crop.ts';

describe('saveCropQuerySchema', () => {
  it('takes a trimmed name', () => {
    expect(saveCropQuerySchema.parse({ name: ' Alfalfa ' })).toEqual({ name: 'Alfalfa' });
  });

  it('needs a name', () => {
    expect(issuesOf(saveCropQuerySchema, {})).toEqual([
      { path: 'name', message: messages.validation.nameRequired },
    ]);
  });

  it('takes removal rates as numbers, an empty one as the published rate', () => {
    expect(
      saveCropQuerySchema.parse({ name: 'Alfalfa', p2o5KgPerTonneDm: '6.5', k2oKgPerTonneDm: ' ' }),
    ).toEqual({ name: 'Alfalfa', p2o5KgPerTonneDm: 6.5, k2oKgPerTonneDm: null });
    expect(saveCropQuerySchema.parse({ name: 'Alfalfa', k2oKgPerTonneDm: '0' })).toEqual({
      name: 'Alfalfa',
      k2oKgPerTonneDm: 0,
    });
  });

  it('refuses a rate that is not a number from 0 to 100, saying the range', () => {
    const message = messages.fieldCuttingCrop.removalOutOfRange(
      '0 to 100 kg per tonne of dry matter',
    );
    for (const bad of ['-1', '100.5', 'Infinity', 'lots', '1e400', ['1', '2']]) {
      expect(issuesOf(saveCropQuerySchema, { name: 'Alfalfa', p2o5KgPerTonneDm: bad })).toEqual([
        { path: 'p2o5KgPerTonneDm', message },
      ]);
    }
  });
});

describe('cropSchema', () => {
  it('needs a uuid id', () => {
    const crop = {
      id: '0b9a4c4e-3f7e-4a52-9d43-0c6a1f2b3c4d',
      name: 'Alfalfa',
      p2o5KgPerTonneDm: null,
      k2oKgPerTonneDm: 28,
      published: { basis: 'legume', p2o5KgPerTonneDm: 6.9, k2oKgPerTonneDm: 30.1 },
    };
    expect(cropSchema.parse(crop)).toEqual(crop);
    expect(cropSchema.safeParse({ ...crop, id: 7 }).success).toBe(false);
  });
});
