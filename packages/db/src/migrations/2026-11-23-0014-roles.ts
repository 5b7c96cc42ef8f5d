// Why: sub-account users get a role (docs/product.md#roles, docs/adr/0018-roles.md); every user
// who is neither an owner nor a SuperAdmin becomes a manager, so nobody loses what they could do.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('users')
    .set({ groups: sql`array_append(groups, 'AccountsManager')` })
    .where(
      sql<boolean>`not (groups && array['AccountsOwner', 'SuperAdmins', 'AccountsManager', 'AccountsViewer']::text[])`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('users')
    .set({
      groups: sql`array_remove(array_remove(groups, 'AccountsManager'), 'AccountsViewer')`,
    })
    .execute();
}
