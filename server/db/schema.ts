import type { Generated } from "kysely";
import type { ContactStatus } from "@common/contacts";
import type { PrivacyTables } from "./schema-privacy";
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from "./webhook-tables";
import type { ProposalState, ProposalTables } from "./schema-proposals";
import type { AnalyticsTables } from "./schema-analytics";
import type { AutoReplySubmissionColumns, AutoReplyTables } from "./schema-auto-reply";
import type { ContactWaitingColumns, SubmissionResponseColumns } from "./schema-response-clock";
import type { ConsentTables } from "./schema-consent";
import type { FormProofTables } from "./schema-form-proofs";
import type { AuthTables } from "./schema-auth";

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
  /** Rises on every save (stale updates are refused). */
  version: Generated<number>;
  /** The uploaded cover image (stored_files), if any. */
  cover_image_id: string | null;
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

/** Pipeline status of a contact (the admin Leads board moves it along). */
export type { ContactStatus };
/** "held": a spam submission, never notified unless staff restore it; "sending": an attempt in flight. */
export type NotifyStatus = "pending" | "sending" | "sent" | "retrying" | "failed" | "held";

/** One person who asked for an analysis, deduplicated by lower-cased e-mail. */
export interface ContactsTable {
  id: string;
  email: string;
  name: string;
  business_name: string;
  phone: string;
  website: string | null;
  status: ContactStatus;
  submission_count: number;
  created_at: string;
  updated_at: string;
  last_submitted_at: string;
  /** JSON LeadProfile (common/lead-profile.ts): what the contact's answers and staff said about its processing. */
  lead_profile: Generated<string>;
  /** A form's slug ("contact", "calculator", …) or "manual" (default "contact"). */
  source: Generated<string>;
  first_landing_page: string | null;
  first_referrer: string | null;
  first_utm_source: string | null;
  first_utm_medium: string | null;
  first_utm_campaign: string | null;
  owner_id: string | null;
  lost_reason: string | null;
  /** Written by setContactProposalSummary only (server/proposals calls it); null: no review yet. */
  proposal_state: ProposalState | null;
  proposal_annual_savings_cents: number | null;
  /** When it was last moved from an open status to customer or lost; null while open (retention counts from it). */
  closed_at: string | null;
}

/** Notes and status, owner and edit events on a contact (the detail view's timeline). */
export interface ContactActivityTable {
  id: string;
  contact_id: string;
  /** "logged": staff logged a call or an e-mail (details.channel). */
  kind: "note" | "status" | "owner" | "edited" | "created" | "logged";
  actor_id: string | null;
  actor_name: string | null;
  body: string | null;
  details: string; // JSON
  created_at: string;
}

/** One post of a public form (Free Analysis or a staff form), as submitted (decision 0045). */
export interface SubmissionsTable extends AutoReplySubmissionColumns {
  id: string;
  /** The form it came through (form_definitions.id). */
  form_id: string;
  /** Null while the submission is held as spam (no contact until staff restore it). */
  contact_id: string | null;
  /** "contact" or "calculator" (Free Analysis), "form" (a staff form). */
  source: string;
  /** The contact details as sent (by the fields' contact mapping). */
  name: string;
  business_name: string;
  email: string;
  phone: string;
  website: string | null;
  /** JSON Answer[]: every answer with its label and type as they were when sent. */
  answers: string;
  consent: number | boolean;
  /** The consent text's version (consent_texts.version); "" when the form has no consent field. */
  consent_version: string;
  /** The page the form was posted from (its Referer, on the site's origin only). */
  page_url: string | null;
  /** The form definition's version when it was posted (a hash of its fields, server/forms/consent.ts). */
  form_version: string | null;
  client_ip: string | null;
  user_agent: string | null;
  landing_page: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  /** Files the visitor attached that were not stored (e.g. the daily cap), for staff. */
  file_note: string | null;
  spam: number | boolean;
  spam_reason: string | null;
  read_at: string | null;
  notify_status: NotifyStatus;
  notified_at: string | null;
  notify_attempts: number;
  notify_last_attempt_at: string | null;
  notify_error: string | null;
  created_at: string;
}

/** A form definition (/admin/forms); the Free Analysis form has system_key "free-analysis". */
export interface FormDefinitionsTable {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  fields: string; // JSON FormField[]
  recipients: string; // JSON string[]
  success_message: string;
  active: number | boolean;
  system_key: string | null;
  /** JSON AutoReplySettings (common/auto-reply.ts); null: the default. */
  auto_reply: string | null;
  created_at: string;
  updated_at: string;
}

/** A file attached to a submission through a form's file field, the statement too (bytes in stored_files). */
export interface SubmissionFilesTable {
  id: string;
  submission_id: string;
  field_key: string;
  file_id: string;
  created_at: string;
}

export interface AuditLogTable {
  id: string;
  created_at: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  user_agent: string | null;
  details: string; // JSON object
}

export interface SignInLockoutsTable {
  email: string;
  failures: number;
  locked_until: string | null;
  updated_at: string;
}

/** Shared rate-limit counters (decision 0004): one fixed window per rule and key. */
export interface RateLimitsTable {
  key: string;
  count: number;
  /** Epoch milliseconds. */
  reset_at: number;
}

/** Background work claimed by one instance at a time (server/jobs). */
export interface JobsTable {
  id: string;
  kind: string;
  key: string | null;
  payload: string; // JSON
  run_at: string;
  claimed_until: string | null;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  done_at: string | null;
  failed_at: string | null;
  created_at: string;
}

/** Uploaded files (statements, images, form attachments): bytes in the database, so every instance and every backup has them. */
export interface StoredFilesTable {
  id: string;
  purpose: string;
  filename: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  content: Uint8Array;
  created_at: string;
}

/** A snapshot of a blog post or help guide at one save (the editor's history panel). */
export interface ArticleRevisionsTable {
  id: string;
  item_table: string; // blog_posts | help_guides
  item_id: string;
  title: string;
  slug: string;
  body: string;
  snapshot: string; // JSON of the editable fields
  kind: string;
  actor_id: string | null;
  actor_email: string | null;
  created_at: string;
  updated_at: string;
}

/** An old public path: 301 to `to_path`, or 410 when `to_path` is null (deleted). */
export interface ContentRedirectsTable {
  from_path: string;
  to_path: string | null;
  item_table: string;
  item_id: string;
  created_at: string;
}

/** An uploaded content image; its bytes and variants are rows of stored_files. */
export interface ImagesTable {
  id: string;
  filename: string;
  alt: string;
  width: number;
  height: number;
  format: string;
  size_bytes: number;
  original_file_id: string;
  variants: string; // JSON ImageVariant[]
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database
  extends AuthTables, ProposalTables, AnalyticsTables, PrivacyTables, ConsentTables, FormProofTables, AutoReplyTables {
  site_settings: SiteSettingsTable;
  industries: IndustriesTable;
  blog_posts: BlogPostsTable;
  help_guides: HelpGuidesTable;
  faq_items: FaqItemsTable;
  content_versions: ContentVersionsTable;
  contacts: ContactsTable & ContactWaitingColumns;
  contact_activity: ContactActivityTable;
  submissions: SubmissionsTable & SubmissionResponseColumns;
  audit_log: AuditLogTable;
  sign_in_lockouts: SignInLockoutsTable;
  stored_files: StoredFilesTable;
  article_revisions: ArticleRevisionsTable;
  content_redirects: ContentRedirectsTable;
  form_definitions: FormDefinitionsTable;
  submission_files: SubmissionFilesTable;
  rate_limits: RateLimitsTable;
  jobs: JobsTable;
  images: ImagesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

export type { Generated };
