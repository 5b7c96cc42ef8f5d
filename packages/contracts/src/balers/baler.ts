import { z } from 'zod';
import { nameSchema } from '../common/name.ts';
import { messages } from '../errors/messages.ts';
import { emailSchema } from '../identity/register.ts';

/** ISO 10261 product identification number: 17 characters, never I, O or Q. */
export const vinSchema = z
  .string({ error: messages.baler.vinInvalid })
  .trim()
  .toUpperCase()
  .regex(/^[A-HJ-NPR-Z0-9]{17}$/, messages.baler.vinInvalid);

/** Whether the baler's connectivity module (ACM) subscription is live at the provider. */
export const registryAcmStatuses = ['Active', 'Expired', 'Unknown'] as const;
/**
 * As a baler shows it: 'NotChecked' when the server checks only the VIN's form and no provider
 * was asked (BALER_PROVIDER=vin-check).
 */
export const acmStatuses = [...registryAcmStatuses, 'NotChecked'] as const;
export type AcmStatus = (typeof acmStatuses)[number];
export type RegistryAcmStatus = (typeof registryAcmStatuses)[number];

export const authorizedEmailStatuses = ['Expired', 'Deleted', 'Pending', 'Active'] as const;
export type AuthorizedEmailStatus = (typeof authorizedEmailStatuses)[number];

/**
 * An email other than the account's under which ACM subscriptions may be found
 * (docs/product.md#balers-and-authorized-emails); GET /authorized-emails lists them.
 */
export const authorizedEmailSchema = z.object({
  email: emailSchema,
  status: z.enum(authorizedEmailStatuses),
});
export type AuthorizedEmail = z.infer<typeof authorizedEmailSchema>;

const dateTime = z.iso.datetime({ offset: true });

/** A baler as GET /machines and GET /machines/{id} return it. */
export const balerSchema = z.object({
  id: z.uuid(),
  /** The alias the owner gave it. */
  name: z.string(),
  vin: z.string(),
  active: z.boolean(),
  acmStatus: z.enum(acmStatuses),
  /** Whether a credit is applied by itself at each month's start (subscriptions). */
  autoRenew: z.boolean(),
  /** End of the last paid (credit) month; null when never subscribed. */
  subscriptionExpiry: dateTime.nullable(),
  acmExpiry: dateTime.nullable(),
  /** The authorized emails under which this baler's ACM subscription was found. */
  authorizedEmails: z.array(authorizedEmailSchema),
});
export type Baler = z.infer<typeof balerSchema>;

/** POST /machines. */
export const registerBalerRequestSchema = z.object({ vin: vinSchema, name: nameSchema });
export type RegisterBalerRequest = z.infer<typeof registerBalerRequestSchema>;

/** Query of PUT /machines/rename. */
export const renameBalerQuerySchema = z.object({ id: z.uuid(), name: nameSchema });
export type RenameBalerQuery = z.infer<typeof renameBalerQuerySchema>;

/** Query of GET /machines/validate. */
export const validateBalerQuerySchema = z.object({ vin: vinSchema });
export type ValidateBalerQuery = z.infer<typeof validateBalerQuerySchema>;

/**
 * GET /machines. An empty list is a 200; the web shows `messages.baler.noBalers` for it, so the
 * message is not repeated in the body.
 */
export const balerListSchema = z.object({ balers: z.array(balerSchema) });
export type BalerList = z.infer<typeof balerListSchema>;

/**
 * POST /machines and POST /machines/{id}/rotate-key: the baler with its ingest API key. The key
 * is shown this once; only its hash is stored.
 */
export const balerWithKeySchema = z.object({ baler: balerSchema, apiKey: z.string() });
export type BalerWithKey = z.infer<typeof balerWithKeySchema>;

/**
 * GET /machines/validate when registration would succeed; otherwise the same error as
 * POST /machines.
 */
export const balerValidationSchema = z.object({
  vin: z.string(),
  acmStatus: z.enum(acmStatuses),
  acmExpiry: dateTime.nullable(),
});
export type BalerValidation = z.infer<typeof balerValidationSchema>;

/** Query of PUT /machines/{id}/active: switch the baler on (ingest accepted) or off. */
export const balerActiveQuerySchema = z.object({
  active: z
    .enum(['true', 'false'], { error: messages.baler.activeInvalid })
    .transform((value) => value === 'true'),
});
export type BalerActiveQuery = z.infer<typeof balerActiveQuerySchema>;
