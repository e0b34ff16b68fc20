import type { DB } from "@server/db";

/**
 * "Moves the clock" for a session without waiting: shifts its stored times into the past
 * by `ms`, as if that much time had gone by since they were written. `fields` picks which:
 * sign-in time and expiry (the absolute lifetime), last activity (the idle timeout) and the
 * last password confirmation (re-authentication).
 */
export async function ageSession(
  db: DB,
  sessionId: string,
  ms: number,
  fields: Array<"createdAt" | "expiresAt" | "updatedAt" | "reauthenticatedAt"> = [
    "createdAt",
    "expiresAt",
    "updatedAt",
    "reauthenticatedAt",
  ],
): Promise<void> {
  const row = await db.selectFrom("session").selectAll().where("id", "=", sessionId).executeTakeFirstOrThrow();
  const set: Record<string, string> = {};
  for (const field of fields) {
    const value = row[field];
    if (value) set[field] = new Date(new Date(value).getTime() - ms).toISOString();
  }
  if (Object.keys(set).length) await db.updateTable("session").set(set).where("id", "=", sessionId).execute();
}

/** The id of the newest session of a user (the one a sign-in just made). */
export async function latestSessionId(db: DB, email: string): Promise<string> {
  const row = await db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .select("session.id")
    .where("user.email", "=", email)
    .orderBy("session.createdAt", "desc")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * "Moves the clock" for a scheduled post or guide without waiting: brings its stored publication
 * time `ms` closer, as if that much time had gone by. A direct write, not a content change: the
 * page cache keeps the due time it read, so only pages it never holds (the item's own page, a
 * 404 until then) show the item at the earlier time.
 */
export async function moveScheduleForward(
  db: DB,
  table: "blog_posts" | "help_guides",
  slug: string,
  ms: number,
): Promise<void> {
  const row = await db.selectFrom(table).select("published_at").where("slug", "=", slug).executeTakeFirstOrThrow();
  if (!row.published_at) throw new Error(`${table} ${slug} has no publication time`);
  const earlier = new Date(new Date(row.published_at).getTime() - ms).toISOString();
  await db.updateTable(table).set({ published_at: earlier }).where("slug", "=", slug).execute();
}
