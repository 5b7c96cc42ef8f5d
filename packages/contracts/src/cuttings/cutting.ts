import { z } from 'zod';
import { nameSchema } from '../common/name.ts';
import { messages } from '../errors/messages.ts';

/**
 * The spec caps cuttings at a "maximum allowable cuttings" value it does not give. Per crop year
 * and organization; generous, since a cutting may cover only some fields (desert alfalfa alone
 * reaches 8–10 cuttings a year). The server's default; MAX_CUTTINGS_PER_YEAR overrides it.
 */
export const MAX_CUTTINGS_PER_YEAR = 50;

const isoDate = z.iso.date({ error: messages.validation.dateInvalid });

const year = z
  .number({ error: messages.fieldCuttingCrop.yearInvalid })
  .int(messages.fieldCuttingCrop.yearInvalid)
  .min(2000, messages.fieldCuttingCrop.yearInvalid)
  .max(2100, messages.fieldCuttingCrop.yearInvalid);

const cuttingBody = {
  name: nameSchema,
  /** Inclusive dates; a bale belongs when made on a field of the cutting within them. */
  startDate: isoDate,
  endDate: isoDate,
  fieldIds: z.array(z.uuid({ error: messages.validation.idInvalid })),
  cropId: z.uuid({ error: messages.validation.idInvalid }).nullable(),
  /** The crop year the cutting counts towards. */
  year,
};

/** POST /cuttings and PUT /cuttings/{id}, with the rules of docs/product.md#validation-rules. */
export const saveCuttingRequestSchema = z
  .object(cuttingBody)
  .refine((cutting) => cutting.startDate <= cutting.endDate, {
    error: messages.validation.endBeforeStart,
    path: ['endDate'],
  })
  .refine((cutting) => cutting.cropId === null || cutting.fieldIds.length >= 1, {
    error: messages.fieldCuttingCrop.cuttingNeedsField,
    path: ['fieldIds'],
  });
export type SaveCuttingRequest = z.infer<typeof saveCuttingRequestSchema>;

/** A cutting as GET /cuttings, /cuttings/all and /cuttings/{id} return it. */
export const cuttingSchema = z.object({ id: z.uuid(), ...cuttingBody });
export type Cutting = z.infer<typeof cuttingSchema>;

/** Query of GET /cuttings: one crop year's cuttings. */
export const cuttingsQuerySchema = z.object({
  year: z.coerce
    .number({ error: messages.fieldCuttingCrop.yearInvalid })
    .int(messages.fieldCuttingCrop.yearInvalid)
    .min(2000, messages.fieldCuttingCrop.yearInvalid)
    .max(2100, messages.fieldCuttingCrop.yearInvalid),
});
export type CuttingsQuery = z.infer<typeof cuttingsQuerySchema>;

/** GET /cuttings and GET /cuttings/all, by start date. */
export const cuttingsResponseSchema = z.object({ cuttings: z.array(cuttingSchema) });
export type CuttingsResponse = z.infer<typeof cuttingsResponseSchema>;
