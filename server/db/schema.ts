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

/** Columns shared by blog posts and help guides. status: draft | scheduled | published. */
export interface ArticleColumns {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  cover_image_url: string | null;
  cover_image_alt: string | null;
  author_name: string;
  author_user_id: string | null;
  category: string;
  tags: string; // JSON string[]
  status: string;
  published_at: string | null;
  seo_title: string | null;
  seo_description: string | null;
  reading_minutes: number;
  created_at: string;
  updated_at: string;
}

export type BlogPostsTable = ArticleColumns;

export interface HelpGuidesTable extends ArticleColumns {
  sort_order: number;
}

export interface FaqItemsTable {
  id: string;
  slug: string;
  question: string;
  answer: string;
  category: string;
  sort_order: number;
  published: number | boolean;
  created_at: string;
  updated_at: string;
}

/** One row ("content") whose version rises on every content change. */
export interface ContentVersionsTable {
  key: string;
  version: number;
  updated_at: string;
}

export interface Database {
  site_settings: SiteSettingsTable;
  industries: IndustriesTable;
  blog_posts: BlogPostsTable;
  help_guides: HelpGuidesTable;
  faq_items: FaqItemsTable;
  content_versions: ContentVersionsTable;
}

export type { Generated };
