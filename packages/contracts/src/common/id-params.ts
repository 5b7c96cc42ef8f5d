import { z } from 'zod';
import { messages } from '../errors/messages.ts';

/** Path parameters of the `/{id}` calls (fields, cuttings, crops, filters…). */
export const idParamsSchema = z.object({ id: z.uuid({ error: messages.validation.idInvalid }) });
export type IdParams = z.infer<typeof idParamsSchema>;
