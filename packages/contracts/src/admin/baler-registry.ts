import { z } from 'zod';
import { registryAcmStatuses, vinSchema } from '../balers/baler.ts';
import { messages } from '../errors/messages.ts';
import { emailSchema } from '../identity/register.ts';

const dateTime = z.iso.datetime({ offset: true, error: messages.validation.dateTimeInvalid });

/**
 * One VIN of the embedded connectivity provider's registry, as SuperAdmins manage it
 * (GET /admin/baler-registry): whether the provider knows the baler, under which email its ACM
 * subscription runs, its status and end, and the organization it is registered to now, if any.
 */
export const registryEntrySchema = z.object({
  vin: z.string(),
  registered: z.boolean(),
  acmEmail: z.string().nullable(),
  acmStatus: z.enum(registryAcmStatuses),
  acmExpiry: z.iso.datetime({ offset: true }).nullable(),
  registeredTo: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type RegistryEntry = z.infer<typeof registryEntrySchema>;

export const registryEntryListSchema = z.object({ entries: z.array(registryEntrySchema) });
export type RegistryEntryList = z.infer<typeof registryEntryListSchema>;

/** Query of GET /admin/baler-registry: `search` matches VIN or ACM email, any case. */
export const registrySearchQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
});

/** PUT /admin/baler-registry/{vin}: every field of an entry but its VIN. */
export const registryEntryChangeSchema = z.object({
  registered: z.boolean(),
  acmEmail: emailSchema.nullable(),
  acmStatus: z.enum(registryAcmStatuses),
  acmExpiry: dateTime.nullable(),
});
export type RegistryEntryChange = z.infer<typeof registryEntryChangeSchema>;

/** POST /admin/baler-registry: a new VIN with its ACM subscription. */
export const newRegistryEntrySchema = registryEntryChangeSchema.extend({ vin: vinSchema });
export type NewRegistryEntry = z.infer<typeof newRegistryEntrySchema>;

/** Path of PUT and DELETE /admin/baler-registry/{vin}. */
export const registryVinParamsSchema = z.object({ vin: vinSchema });
