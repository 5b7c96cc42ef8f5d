import { z } from 'zod';
import { latLonSchema } from '../geo/lat-lon.ts';

/** One tag scanned by hand where the bale lies now. */
export const manualScanSchema = z.object({
  tagSerialNumber: z.string().trim().min(1),
  location: latLonSchema,
  scannedAt: z.iso.datetime({ offset: true }),
});
export type ManualScan = z.infer<typeof manualScanSchema>;

/** POST /bales/manual-scan. */
export const manualScanRequestSchema = z.object({
  scans: z.array(manualScanSchema).min(1),
});
export type ManualScanRequest = z.infer<typeof manualScanRequestSchema>;

/** What POST /bales/manual-scan did: bales moved, and tags that match none of the bales. */
export const manualScanResponseSchema = z.object({
  moved: z.number().int().min(0),
  unknownTags: z.array(z.string()),
});
export type ManualScanResponse = z.infer<typeof manualScanResponseSchema>;
