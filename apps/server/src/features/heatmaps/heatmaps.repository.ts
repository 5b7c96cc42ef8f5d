import type { Db } from '@baletrack/db/database';

/**
 * A field's outline and when it last changed: a heatmap is cached until either changes (an
 * edit that moves no bale leaves the bale version as it was).
 */
export function findFieldOutline(db: Db, orgId: string, id: string) {
  return db
    .selectFrom('fields')
    .select(['id', 'boundary', 'updatedAt'])
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}
