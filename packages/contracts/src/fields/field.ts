import { z } from 'zod';
import { nameSchema } from '../common/name.ts';
import { messages } from '../errors/messages.ts';
import { boundarySchema, MAX_BOUNDARY_SPAN_KM } from '../geo/boundary.ts';

/** The largest known size a field may have: a square of the widest boundary's side. */
export const MAX_FIELD_HECTARES = MAX_BOUNDARY_SPAN_KM * MAX_BOUNDARY_SPAN_KM * 100;

/** POST /fields and PUT /fields/{id}. */
export const saveFieldRequestSchema = z.object({
  name: nameSchema,
  /** The size the grower knows the field by, which may differ from the drawn area. */
  sizeHectares: z
    .number()
    .positive()
    .max(MAX_FIELD_HECTARES, messages.validation.fieldSizeTooLarge)
    .nullable(),
  boundary: boundarySchema,
});
export type SaveFieldRequest = z.infer<typeof saveFieldRequestSchema>;

/** A field as GET /fields and GET /fields/{id} return it. */
export const fieldSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  sizeHectares: z.number().nullable(),
  /** Computed by the server from the boundary. */
  areaHectares: z.number().min(0),
  boundary: boundarySchema,
});
export type Field = z.infer<typeof fieldSchema>;

/** GET /fields: the organization's fields with their outlines (the map draws them). */
export const fieldsResponseSchema = z.object({ fields: z.array(fieldSchema) });
export type FieldsResponse = z.infer<typeof fieldsResponseSchema>;
