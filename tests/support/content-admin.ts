import { expect } from "vitest";
import { apiCall, getPage } from "./auth";
import type { TestServer } from "./server";

/** Shared by the admin content API tests: a draft's input and calls as a signed-in editor. */
export const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

export function draft(slug: string, extra: Record<string, unknown> = {}) {
  return {
    slug,
    title: `Admin post ${slug}`,
    excerpt: `Excerpt of ${slug}.`,
    body: `## First part\n\nThe body of ${slug}.`,
    category: "Admin checks",
    tags: ["admin"],
    status: "draft",
    ...extra,
  };
}

/** Calls to /api/admin as `cookie()` (the editor by default), pages, and the content version. */
export function contentAdminClient(server: () => TestServer, defaultCookie: () => string) {
  const call = (method: string, path: string, body?: unknown, cookie: string | null = defaultCookie()) =>
    apiCall(server(), method, `/api/admin${path}`, cookie, body);
  const json = async (method: string, path: string, body?: unknown, cookie?: string | null) => {
    const res = await call(method, path, body, cookie);
    return { status: res.status, body: (await res.json()) as any };
  };
  const create = async (kindPath: string, input: Record<string, unknown>) => {
    const res = await json("POST", kindPath, input);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string; version: number; slug: string; status: string };
  };
  const page = (path: string, cookie?: string | null) => getPage(server(), path, cookie);
  const contentVersion = async () =>
    Number(
      (
        await server()
          .database.db.selectFrom("content_versions")
          .select("version")
          .where("key", "=", "content")
          .executeTakeFirstOrThrow()
      ).version,
    );
  return { call, json, create, page, contentVersion };
}
