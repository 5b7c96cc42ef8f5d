import { describe, expect, it } from 'vitest';
import { addedBalesSummary } from './added-bales-summary.ts';

const nothingLeftOut = { alreadyHere: 0, loadedOut: 0, inOtherLoads: [], notFound: [] };

describe('addedBalesSummary', () => {
  it('says how many were added, and nothing more when none was left out', () => {
    expect(addedBalesSummary({ added: 1, ...nothingLeftOut })).toEqual({
      headline: 'Added 1 bale',
      leftOut: [],
    });
  });

  it('says what was left out and why', () => {
    const summary = addedBalesSummary({
      added: 1_200,
      alreadyHere: 3,
      loadedOut: 1,
      inOtherLoads: [
        { id: '0b7c6a52-5b1f-4d55-9a47-0c9f1d2b7e11', name: 'Miller, second cut', count: 4 },
      ],
      notFound: ['A0099', 'B17'],
    });
    expect(summary.headline).toBe('Added 1,200 bales');
    expect(summary.leftOut).toEqual([
      '3 bales already in this load',
      '1 bale already loaded out',
      'In another load "Miller, second cut" (4)',
      'Not found: A0099, B17',
    ]);
  });

  it('names the first tags not found and counts the rest', () => {
    const notFound = Array.from({ length: 23 }, (_, i) => `T${i + 1}`);
    const [line] = addedBalesSummary({ added: 0, ...nothingLeftOut, notFound }).leftOut;
    expect(line).toMatch(/^Not found: T1, T2, .*T20 and 3 more$/);
  });
});
