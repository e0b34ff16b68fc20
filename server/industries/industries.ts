import crypto from "node:crypto";
import { industryInputSchema, industrySlugCheckSchema } from "@common/industry";
import { parseInput, ServiceError } from "@common/result";
import { writeAuditBy } from "../audit/audit";
import { bumpContentVersion } from "../content-version/content-version";
import type { Selectable } from "kysely";
import { missingSlugs, type DB } from "../db";
import type { IndustriesTable } from "../db/schema";
import { nowIso } from "../db/dialect";
import { recordRedirect, removeRedirectFrom } from "../redirects/redirects";
import type { Actor } from "../auth/actor";
import { industrySeed } from "./industries.seed";

export interface Industry {
  id: string;
  slug: string;
  name: string;
  summary: string;
  body: string;
  needs: string[];
  recommendedSetup: string[];
  sortOrder: number;
  published: boolean;
  updatedAt: string;
}

function parseList(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

type Row = Selectable<IndustriesTable>;

function toIndustry(row: Row): Industry {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    summary: row.summary,
    body: row.body,
    needs: parseList(row.needs),
    recommendedSetup: parseList(row.recommended_setup),
    sortOrder: row.sort_order,
    published: Boolean(row.published),
    updatedAt: row.updated_at,
  };
}

export async function listPublishedIndustries(db: DB): Promise<Industry[]> {
  const rows = await db
    .selectFrom("industries")
    .selectAll()
    .where("published", "=", true)
    .orderBy("sort_order")
    .orderBy("name")
    .execute();
  return rows.map(toIndustry);
}

export async function getPublishedIndustry(db: DB, slug: string): Promise<Industry | undefined> {
  const row = await db
    .selectFrom("industries")
    .selectAll()
    .where("slug", "=", slug)
    .where("published", "=", true)
    .executeTakeFirst();
  return row ? toIndustry(row) : undefined;
}

/** Inserts seeded industries whose slug is missing; leaves edited ones alone. */
export async function seedIndustries(db: DB): Promise<void> {
  const missing = await missingSlugs(db, "industries", industrySeed);
  if (!missing.length) return;
  const now = nowIso();
  await db
    .insertInto("industries")
    .values(
      missing.map((seed) => {
        const industry = parseInput(industryInputSchema, { sortOrder: industrySeed.indexOf(seed), ...seed });
        return {
          id: crypto.randomUUID(),
          slug: industry.slug,
          name: industry.name,
          summary: industry.summary,
          body: industry.body,
          needs: JSON.stringify(industry.needs),
          recommended_setup: JSON.stringify(industry.recommendedSetup),
          sort_order: industry.sortOrder,
          published: industry.published,
          created_at: now,
          updated_at: now,
        };
      }),
    )
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
}

// --- Staff editing (/admin/industries) ---------------------------------------------------

/** Every industry, published or not, in public order. */
export async function listAllIndustries(db: DB): Promise<Industry[]> {
  return (await db.selectFrom("industries").selectAll().orderBy("sort_order").orderBy("name").execute()).map(
    toIndustry,
  );
}

export async function getIndustryById(db: DB, id: string): Promise<Industry | undefined> {
  const row = await db.selectFrom("industries").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toIndustry(row) : undefined;
}

export const industryPath = (slug: string) => `/industries/${slug}`;

const SLUG_TAKEN = "Another industry already uses that slug.";

async function assertIndustrySlugFree(db: DB, slug: string, exceptId?: string): Promise<void> {
  let query = db.selectFrom("industries").select("id").where("slug", "=", slug);
  if (exceptId) query = query.where("id", "<>", exceptId);
  if (await query.executeTakeFirst()) throw new ServiceError("conflict", SLUG_TAKEN, { slug: SLUG_TAKEN });
}

/** As-you-type check: the slug's format, then whether another industry has it (409). */
export async function checkIndustrySlug(db: DB, query: unknown): Promise<string> {
  const { slug, id } = parseInput(industrySlugCheckSchema, query, "Check the slug.");
  await assertIndustrySlugFree(db, slug, id || undefined);
  return slug;
}

/**
 * Saves an industry page. `baseUpdatedAt` is the version the editor loaded: when someone
 * saved in between, 409 (reload or overwrite by sending without it). A new slug 301s the old
 * path (server/redirects); the content version rises so cached pages and search follow.
 */
export async function updateIndustry(
  db: DB,
  id: string,
  input: unknown,
  actor?: Actor,
  options: { baseUpdatedAt?: string } = {},
): Promise<Industry> {
  const value = parseInput(industryInputSchema, input);
  return db.transaction().execute(async (trx) => {
    const existing = await getIndustryById(trx, id);
    if (!existing) throw new ServiceError("not_found", "That industry no longer exists.");
    if (options.baseUpdatedAt && options.baseUpdatedAt !== existing.updatedAt)
      throw new ServiceError(
        "conflict",
        "Someone saved this page after you opened it. Reload to see their changes, or save again to overwrite them.",
      );
    await assertIndustrySlugFree(trx, value.slug, id);
    const row = await trx
      .updateTable("industries")
      .set({
        slug: value.slug,
        name: value.name,
        summary: value.summary,
        body: value.body,
        needs: JSON.stringify(value.needs),
        recommended_setup: JSON.stringify(value.recommendedSetup),
        sort_order: value.sortOrder,
        published: value.published,
        updated_at: nowIso(),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (existing.slug !== value.slug) {
      await recordRedirect(trx, industryPath(existing.slug), industryPath(value.slug), { table: "industries", id });
      await removeRedirectFrom(trx, industryPath(value.slug));
    }
    await bumpContentVersion(trx);
    const changed = (
      ["slug", "name", "summary", "body", "needs", "recommendedSetup", "sortOrder", "published"] as const
    ).filter((key) => JSON.stringify(existing[key]) !== JSON.stringify(value[key]));
    await writeAuditBy(trx, actor, {
      action: "industry.updated",
      target: value.name,
      details: { slug: value.slug, changed, ...(existing.slug !== value.slug ? { oldSlug: existing.slug } : {}) },
    });
    return toIndustry(row);
  });
}
