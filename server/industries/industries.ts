import crypto from "node:crypto";
import { industryInputSchema } from "@common/industry";
import { parseInput } from "@common/result";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
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

type Row = {
  id: string;
  slug: string;
  name: string;
  summary: string;
  body: string;
  needs: string;
  recommended_setup: string;
  sort_order: number;
  published: number | boolean;
  updated_at: string;
};

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
  const now = nowIso();
  await db
    .insertInto("industries")
    .values(
      industrySeed.map((seed, index) => {
        const industry = parseInput(industryInputSchema, { sortOrder: index, ...seed });
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
