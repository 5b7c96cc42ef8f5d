import { describe, expect, it } from 'vitest';
import { SharedReads } from './shared-reads.ts';

// Requests asking one thing at once make one round trip; a write stops later ones joining it.

function deferredRead() {
  let calls = 0;
  const answers: ((value: string) => void)[] = [];
  const load = () => {
    calls += 1;
    return new Promise<string>((resolve) => answers.push(resolve));
  };
  return { load, calls: () => calls, answer: (i: number, value: string) => answers[i]?.(value) };
}

describe('SharedReads', () => {
  it('answers callers of one key in flight from one read, and reads again once it settled', async () => {
    const reads = new SharedReads<string>();
    const read = deferredRead();
    const [a, b] = [reads.read('org-1', read.load), reads.read('org-1', read.load)];
    const other = reads.read('org-2', read.load);
    expect(read.calls()).toBe(2);
    read.answer(0, 'one');
    read.answer(1, 'two');
    expect(await Promise.all([a, b, other])).toEqual(['one', 'one', 'two']);
    const later = reads.read('org-1', read.load);
    expect(read.calls()).toBe(3);
    read.answer(2, 'three');
    expect(await later).toBe('three');
  });

  it('does not let a caller after a write join a read begun before it', async () => {
    const reads = new SharedReads<string>();
    const read = deferredRead();
    const before = reads.read('org-1', read.load);
    reads.forget('org-1');
    const after = reads.read('org-1', read.load);
    // The old read settling must not end the new one's sharing.
    read.answer(0, 'old');
    await before;
    const joined = reads.read('org-1', read.load);
    read.answer(1, 'new');
    expect(await Promise.all([before, after, joined])).toEqual(['old', 'new', 'new']);
    expect(read.calls()).toBe(2);
  });

  it('shares a failure with the callers in flight, then reads again', async () => {
    const reads = new SharedReads<string>();
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error('connection lost'));
    };
    const results = await Promise.allSettled([reads.read('k', failing), reads.read('k', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await expect(reads.read('k', () => Promise.resolve('back'))).resolves.toBe('back');
    expect(calls).toBe(1);
  });
});
