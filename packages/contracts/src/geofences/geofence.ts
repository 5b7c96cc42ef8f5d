import { z } from 'zod';
import { boundarySchema } from '../geo/boundary.ts';

/** GET /geofences/get: storage areas and the bales stored in each (within the time filter). */
export const geofencesResponseSchema = z.object({
  geofences: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      areaHectares: z.number().min(0),
      boundary: boundarySchema,
      storedBaleCount: z.number().int().min(0),
      storedWeightKg: z.number().min(0),
    }),
  ),
});
export type GeofencesResponse = z.infer<typeof geofencesResponseSchema>;
