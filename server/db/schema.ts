import type { Generated } from "kysely";

/**
 * Table types shared by both dialects. Timestamps are ISO-8601 strings on both (the pg
 * pool parses timestamptz to ISO text); booleans come back as 0/1 from SQLite and as
 * booleans from PostgreSQL, so services read them with `Boolean(x)`.
 */
export interface SiteSettingsTable {
  key: string;
  value: string; // JSON
  updated_at: string;
}

export interface IndustriesTable {
  id: string;
  slug: string;
  name: string;
  summary: string;
  body: string;
  needs: string;
  recommended_setup: string;
  sort_order: number;
  published: number | boolean;
  created_at: string;
  updated_at: string;
}

export interface Database {
  site_settings: SiteSettingsTable;
  industries: IndustriesTable;
}

export type { Generated };
