import { describe, expect, it } from 'vitest';
import { manualScanRequestSchema } from './manual-scan.ts';

const scan = {
  tagSerialNumber: 'E2003412B802011A',
  location: { lat: 38.2, lon: -97.1 },
  scannedAt: '2025-07-01T08:00:00Z',
};

describe('manualScanRequestSchema', () => {
  it('accepts scanned tags', () => {
    expect(manualScanRequestSchema.parse({ scans: [scan] })).toEqual({ scans: [scan] });
  });

  it('rejects an empty batch and an empty tag', () => {
    expect(manualScanRequestSchema.safeParse({ scans: [] }).success).toBe(false);
    const blank = { ...scan, tagSerialNumber: ' ' };
    expect(manualScanRequestSchema.safeParse({ scans: [blank] }).success).toBe(false);
  });
});
