import type { FieldsResponse } from '@baletrack/contracts/bales/map';
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { AppContext } from '../../app.ts';
import { listFields } from './fields.repository.ts';

/** The organization's fields as GET /fields returns them. */
export async function fieldsOf(ctx: AppContext, orgId: string): Promise<FieldsResponse> {
  const fields = await listFields(ctx.db, orgId);
  return {
    fields: fields.map((field) => ({
      id: field.id,
      name: field.name,
      sizeHectares: field.sizeHa,
      areaHectares: field.areaHa,
      // Stored only after validation against boundarySchema.
      boundary: field.boundary as Boundary,
    })),
  };
}
