import express from "express";
import { ADMIN_SECTIONS, type AdminSectionKey } from "@common/admin-sections";
import type { Permission } from "@common/roles";
import { accountApi } from "../account/api";
import { auditLogApi } from "../audit/api";
import { articlesApi } from "../content/api";
import { requireApi } from "../auth/express";
import { contactsApi } from "../contacts/api";
import { dashboardApi } from "../dashboard/api";
import { visitorsApi } from "../analytics/api";
import { formsApi } from "../forms/api";
import { retentionApi } from "../forms/retention-api";
import { contactSubmissions } from "../forms/contact-submissions";
import { faqApi } from "../content/faq-api";
import { industriesApi } from "../industries/api";
import { mediaApi, mediaUploadApi } from "../media/api";
import { privacyApi } from "../privacy/api";
import { pricingApi, proposalsApi } from "../proposals/api";
import { settingsApi } from "../settings/api";
import { ADMIN_JSON_LIMIT, jsonBody } from "../http/body";
import { usersApi } from "../users/api";
import { integrationsApi } from "../webhooks/api";

/**
 * The admin JSON API, composed from one router per section (`server/<domain>/api.ts`).
 * `/api/admin/<key>/...` is mounted only for a section of the sections table and guarded by
 * that section's permission (401 signed out, 403 without it); anything else is 404.
 * A domain's API shown on another section's screen is mounted inside that section with a
 * permission of its own (the audit log inside "users", proposals inside "contacts"); routers check finer permissions
 * themselves. JSON bodies are read here, once, after the guard, through
 * server/http/body.ts, up to ADMIN_JSON_LIMIT (an article's body may be 200,000 characters).
 */

const sectionApis: Record<AdminSectionKey, (() => express.Router) | null> = {
  dashboard: dashboardApi,
  // The contacts screens read and erase a contact's submissions, which forms own.
  contacts: () => contactsApi(contactSubmissions),
  forms: formsApi,
  "blog-posts": articlesApi("blog_posts"),
  "help-guides": articlesApi("help_guides"),
  "faq-items": faqApi,
  industries: industriesApi,
  media: mediaApi,
  settings: settingsApi,
  integrations: integrationsApi,
  privacy: privacyApi,
  pricing: pricingApi,
  users: usersApi,
  security: accountApi,
};

/** Routes that read a raw (non-JSON) body themselves, mounted ahead of the JSON reader. */
const sectionRawBodyApis: Partial<Record<AdminSectionKey, () => express.Router>> = {
  // Image uploads: the file is the body, for upload progress.
  media: mediaUploadApi,
};

/** Another domain's read-only API inside a section (`/api/admin/<key>/<path>`), behind its own permission too. */
interface NestedApi {
  path: string;
  permission: Permission;
  api: () => express.Router;
}

const sectionNestedApis: Partial<Record<AdminSectionKey, NestedApi[]>> = {
  users: [{ path: "audit-log", permission: "audit", api: auditLogApi }],
  // A contact's statement review and proposals (server/proposals), on the contact screens.
  contacts: [{ path: "proposals", permission: "contacts", api: () => proposalsApi(contactSubmissions) }],
  dashboard: [{ path: "visitors", permission: "dashboard", api: visitorsApi }],
  // What the next retention run removes (server/forms), beside the retention settings.
  settings: [{ path: "retention", permission: "settings", api: retentionApi }],
};

/** The sections that have an API (each answers GET /api/admin/<key>). */
export function sectionsWithApi(): AdminSectionKey[] {
  return ADMIN_SECTIONS.filter((section) => sectionApis[section.key]).map((section) => section.key);
}

const adminJson = jsonBody({ limit: ADMIN_JSON_LIMIT });

export function adminApi() {
  const router = express.Router();
  for (const section of ADMIN_SECTIONS) {
    const api = sectionApis[section.key];
    if (!api) continue;
    const guard = requireApi(section.permission);
    for (const nested of sectionNestedApis[section.key] ?? [])
      router.use(`/${section.key}/${nested.path}`, guard, requireApi(nested.permission), nested.api());
    const raw = sectionRawBodyApis[section.key];
    router.use(`/${section.key}`, guard, ...(raw ? [raw()] : []), adminJson, api());
  }
  return router;
}
