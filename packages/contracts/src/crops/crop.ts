import { z } from 'zod';
import { nameSchema } from '../common/name.ts';

/** Query of POST /crops and PUT /crops/{id}. */
export const saveCropQuerySchema = z.object({ name: nameSchema });
export type SaveCropQuery = z.infer<typeof saveCropQuerySchema>;

export const cropSchema = z.object({ id: z.uuid(), name: z.string() });
export type Crop = z.infer<typeof cropSchema>;

/** GET /crops. */
export const cropsResponseSchema = z.object({ crops: z.array(cropSchema) });
export type CropsResponse = z.infer<typeof cropsResponseSchema>;
