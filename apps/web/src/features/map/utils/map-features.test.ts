import { describe, expect, it } from 'vitest';
import { countLabel } from '@/features/map/utils/map-features';

describe('countLabel', () => {
  it('shortens counts to the nearest, as the list beside the map reads them', () => {
    expect(
      [987, 1_000, 1_234, 1_250, 9_857, 9_960, 12_345, 999_499, 999_500, 1_234_567].map(countLabel),
    ).toEqual(['987', '1k', '1.2k', '1.3k', '9.9k', '10k', '12k', '999k', '1M', '1.2M']);
  });
});
