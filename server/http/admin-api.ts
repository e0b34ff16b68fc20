import express from "express";
import { ADMIN_SECTIONS, type AdminSectionKey } from "@common/admin-sections";
import { accountApi } from "../account/api";
import { articlesApi } from "../content/api";
import { requireApi } from "../auth/express";
import { contactsApi } from "../contacts/api";
import { dashboardApi } from "../dashboard/api";
import { faqApi } from "../content/faq-api";
import { industriesApi } from "../industries/api";
import { mediaApi, mediaUploadApi } from "../media/api";
import { settingsApi } from "../settings/api";
import { jsonBody } from "./body";
import { usersApi } from "../users/api";

/**
 * The admin JSON API, composed from one router per section (`server/<domain>/api.ts`).
 * `/api/admin/<key>/...` is mounted only for a section of the sections table and guarded by
 * that section's permission (401 signed out, 403 without it); anything else is 404.
 * Routers check finer permissions themselves (e.g. the audit log inside "users"). JSON
 * bodies are read here, once, after the guard, through server/http/body.ts, up to ADMIN_JSON_LIMIT (an article's body
 * may be 200,000 characters).
 */
export const ADMIN_JSON_LIMIT = 1024 * 1024;

const sectionApis: Record<AdminSectionKey, (() => express.Router) | null> = {
  dashboard: dashboardApi,
  contacts: contactsApi,
  forms: null,
  "blog-posts": articlesApi("blog_posts"),
  "help-guides": articlesApi("help_guides"),
  // content-site
  "faq-items": faqApi,
  industries: industriesApi,
  media: mediaApi,
  settings: settingsApi,
  users: usersApi,
  security: accountApi,
};

/** Routes that read a raw (non-JSON) body themselves, mounted ahead of the JSON reader. */
const sectionRawBodyApis: Partial<Record<AdminSectionKey, () => express.Router>> = {
  // content-site: image uploads (the file is the body, for upload progress)
  media: mediaUploadApi,
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
    const raw = sectionRawBodyApis[section.key];
    if (api) router.use(`/${section.key}`, requireApi(section.permission), ...(raw ? [raw()] : []), adminJson, api());
  }
  return router;
}
