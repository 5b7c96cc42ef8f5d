import { z } from 'zod';
import { nameSchema } from '../common/name.ts';
import { boundarySchema } from '../geo/boundary.ts';

/** POST /fields and PUT /fields/{id}. */
export const saveFieldRequestSchema = z.object({
  name: nameSchema,
  /** The size the grower knows the field by, which may differ from the drawn area. */
  sizeHectares: z.number().positive().nullable(),
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
