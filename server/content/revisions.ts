import crypto from "node:crypto";
import type { Change } from "diff";
import type { ArticleInput } from "@common/content";
import { ServiceError } from "@common/result";
import type { Selectable } from "kysely";
import type { DB } from "../db";
import type { ArticleRevisionsTable } from "../db/schema";
import { nowIso } from "../db/dialect";
import type { Actor } from "../auth/actor";
import type { Article, ArticleTable } from "./articles";
import { articleToInput } from "./article-writes";
import { loadOnFirstUse } from "../load-on-first-use";

/** jsdiff, loaded when staff first compare a revision (decision 0056). */
const loadDiff = loadOnFirstUse(() => import("diff"));

/**
 * Revisions of blog posts and help guides: a snapshot of every editable field at each save,
 * with who saved it and when. Autosaves by the same person within AUTOSAVE_WINDOW_MS of
 * their previous autosave update that revision instead of adding one per pause in typing
 * (decision 0026); every explicit save, publish, unpublish and restore adds one.
 */
export const AUTOSAVE_WINDOW_MS = 10 * 60_000;

export type RevisionKind = "created" | "saved" | "autosaved" | "restored" | "published" | "unpublished";
export type TrackedField = "title" | "slug" | "body";
const TRACKED: TrackedField[] = ["title", "slug", "body"];

export interface RevisionSummary {
  id: string;
  kind: RevisionKind;
  actorEmail: string | null;
  createdAt: string;
  updatedAt: string;
  title: string;
  slug: string;
  /** What changed in title, slug and body compared with the revision before. */
  changed: TrackedField[];
}

export interface RevisionDiff {
  revision: RevisionSummary;
  /** From the revision's text (removed) to the current text (added). */
  title: Change[];
  slug: Change[];
  body: Change[];
}

export async function recordRevision(
  db: DB,
  table: ArticleTable,
  article: Article,
  kind: RevisionKind,
  actor: Actor,
): Promise<void> {
  const now = nowIso();
  const columns = {
    title: article.title,
    slug: article.slug,
    body: article.body,
    snapshot: JSON.stringify(articleToInput(article)),
    updated_at: now,
  };
  if (kind === "autosaved") {
    const last = await db
      .selectFrom("article_revisions")
      .select(["id", "kind", "actor_id", "updated_at"])
      .where("item_table", "=", table)
      .where("item_id", "=", article.id)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    if (
      last &&
      last.kind === "autosaved" &&
      last.actor_id === actor.id &&
      Date.now() - Date.parse(last.updated_at) < AUTOSAVE_WINDOW_MS
    ) {
      await db.updateTable("article_revisions").set(columns).where("id", "=", last.id).execute();
      return;
    }
  }
  await db
    .insertInto("article_revisions")
    .values({
      id: crypto.randomUUID(),
      item_table: table,
      item_id: article.id,
      kind,
      actor_id: actor.id,
      actor_email: actor.email,
      created_at: now,
      ...columns,
    })
    .execute();
}

type RevisionRow = Pick<
  Selectable<ArticleRevisionsTable>,
  "id" | "kind" | "actor_email" | "created_at" | "updated_at" | "title" | "slug" | "body"
>;

function summaries(rows: RevisionRow[]): RevisionSummary[] {
  // rows are newest first; each is compared with the one after it (older).
  return rows.map((row, i) => {
    const older = rows[i + 1];
    return {
      id: row.id,
      kind: row.kind as RevisionKind,
      actorEmail: row.actor_email,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      title: row.title,
      slug: row.slug,
      changed: older ? TRACKED.filter((f) => row[f] !== older[f]) : [...TRACKED],
    };
  });
}

async function revisionRows(db: DB, table: ArticleTable, itemId: string): Promise<RevisionRow[]> {
  return db
    .selectFrom("article_revisions")
    .select(["id", "kind", "actor_email", "created_at", "updated_at", "title", "slug", "body"])
    .where("item_table", "=", table)
    .where("item_id", "=", itemId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(500)
    .execute();
}

/** The history panel: newest first, with what each save changed. */
export async function listRevisions(db: DB, table: ArticleTable, itemId: string): Promise<RevisionSummary[]> {
  return summaries(await revisionRows(db, table, itemId));
}

const NO_REVISION = "That revision no longer exists.";

/** A revision against the current text: word changes in title and slug, line changes in the body. */
export async function diffRevision(
  db: DB,
  table: ArticleTable,
  current: Article,
  revisionId: string,
): Promise<RevisionDiff> {
  const rows = await revisionRows(db, table, current.id);
  const index = rows.findIndex((r) => r.id === revisionId);
  if (index < 0) throw new ServiceError("not_found", NO_REVISION);
  const row = rows[index]!;
  const { diffLines, diffWordsWithSpace } = await loadDiff();
  return {
    revision: summaries(rows)[index]!,
    title: diffWordsWithSpace(row.title, current.title),
    slug: diffWordsWithSpace(row.slug, current.slug),
    body: diffLines(row.body, current.body),
  };
}

/** The editable fields a revision held (what restoring puts back). */
export async function revisionSnapshot(
  db: DB,
  table: ArticleTable,
  itemId: string,
  revisionId: string,
): Promise<Partial<ArticleInput>> {
  const row = await db
    .selectFrom("article_revisions")
    .select("snapshot")
    .where("id", "=", revisionId)
    .where("item_table", "=", table)
    .where("item_id", "=", itemId)
    .executeTakeFirst();
  if (!row) throw new ServiceError("not_found", NO_REVISION);
  return JSON.parse(row.snapshot) as Partial<ArticleInput>;
}

export async function deleteRevisions(db: DB, table: ArticleTable, itemId: string) {
  await db.deleteFrom("article_revisions").where("item_table", "=", table).where("item_id", "=", itemId).execute();
}
