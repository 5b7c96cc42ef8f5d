import type { ChatLink, Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';

// Every query names the organization and the user: a conversation is one person's
// (docs/adr/0010-tenancy-org-id.md).

export interface NewChatMessage {
  orgId: string;
  userId: string;
  id: string;
  role: 'user' | 'assistant';
  text: string;
  mode: 'retrieval' | 'generated' | 'fallback' | null;
  links: ChatLink[];
  createdAt: Date;
}

const columns = ['id', 'role', 'text', 'mode', 'links', 'createdAt'] as const;

export async function insertChatMessage(db: Kysely<Database>, message: NewChatMessage) {
  return db
    .insertInto('chatMessages')
    .values({ ...message, links: JSON.stringify(message.links) })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

/** A user's messages since `since`, oldest first (the newest `limit`). */
export async function listChatMessages(
  db: Kysely<Database>,
  key: { orgId: string; userId: string },
  since: Date,
  limit: number,
) {
  const newest = await db
    .selectFrom('chatMessages')
    .select(columns)
    .where('orgId', '=', key.orgId)
    .where('userId', '=', key.userId)
    .where('createdAt', '>=', since)
    .orderBy('createdAt', 'desc')
    .orderBy('role', 'desc')
    .limit(limit)
    .execute();
  return newest.reverse();
}

export async function deleteChatMessages(
  db: Kysely<Database>,
  key: { orgId: string; userId: string },
) {
  await db
    .deleteFrom('chatMessages')
    .where('orgId', '=', key.orgId)
    .where('userId', '=', key.userId)
    .execute();
}

/** Deletes every conversation's messages older than `before`, across organizations. */
export async function purgeChatMessages(db: Kysely<Database>, before: Date) {
  await db.deleteFrom('chatMessages').where('createdAt', '<', before).execute();
}
