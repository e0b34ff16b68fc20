import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_SECTIONS, type AdminSection } from "@common/admin-sections";
import { can, type Role } from "@common/roles";
import { sectionsWithApi } from "@server/app/admin-api";
import { getPage, startStaffServer, type StaffServer } from "../support/auth";
import { dbKinds } from "../support/db";

/**
 * The sections table walked end to end: every admin screen × anonymous, editor and admin,
 * as a page, as a client data request (.data) and through its API, answers what the
 * table's permission says; paths outside the table answer 404 for everyone. The gate takes
 * the permission from the route the router matched, so encoded and upper-case spellings of
 * a path get exactly the gate of the screen they open.
 */
type Who = "anonymous" | Role;
const WHO: Who[] = ["anonymous", "editor", "admin"];

function allowed(section: AdminSection, who: Who) {
  return who !== "anonymous" && can({ role: who }, section.permission);
}

/** Spellings the router resolves to the same screen. */
function variants(path: string): string[] {
  if (path === "/admin") return ["/admin", "/admin/", "/ADMIN"];
  const last = path.split("/").pop()!;
  const encoded = `%${last.charCodeAt(0).toString(16)}${last.slice(1)}`;
  return [path, `${path}/`, path.toUpperCase(), path.replace(last, encoded)];
}

const UNKNOWN = [
  "/admin/nope",
  "/admin/users-export",
  "/admin/users/x",
  "/admin/users%2F..%2Fsecurity",
  "/admin//users",
];

describe.each(dbKinds())("the admin sections table on %s", (kind) => {
  let staff: StaffServer;
  const cookieOf = (who: Who) => (who === "admin" ? staff.adminCookie : who === "editor" ? staff.editorCookie : null);
  const get = (path: string, who: Who) => getPage(staff.server, path, cookieOf(who));

  beforeAll(async () => {
    staff = await startStaffServer(kind);
  });
  afterAll(async () => {
    await staff?.server.stop();
  });

  it.each(ADMIN_SECTIONS.map((s) => [s.path, s] as const))(
    "gates the page %s by its permission",
    async (_, section) => {
      for (const path of variants(section.path)) {
        for (const who of WHO) {
          const res = await get(path, who);
          const label = `${who} GET ${path}`;
          if (who === "anonymous") {
            expect(res.status, label).toBe(302);
            expect(res.headers.get("location"), label).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
          } else {
            expect(res.status, label).toBe(allowed(section, who) ? 200 : 403);
            if (!allowed(section, who)) expect(await res.text(), label).toContain("have access to this page");
          }
        }
      }
    },
  );

  it.each(ADMIN_SECTIONS.map((s) => [s.path, s] as const))("gates client data requests for %s", async (_, section) => {
    const path = `${section.path}.data`;
    for (const who of WHO) {
      const res = await get(path, who);
      const body = await res.text();
      const label = `${who} GET ${path}`;
      if (who === "anonymous") {
        // A data request's redirect is a 202 carrying the redirect for the client router.
        expect(res.status, label).toBe(202);
        expect(body, label).toContain("SingleFetchRedirect");
        expect(body, label).toContain(`/login?redirectTo=${encodeURIComponent(section.path)}`);
      } else {
        expect(res.status, label).toBe(allowed(section, who) ? 200 : 403);
      }
    }
  });

  it("gates every section's API by the same permission: 401 signed out, 403 without it", async () => {
    const withApi = sectionsWithApi();
    expect(withApi.length).toBeGreaterThan(0);
    for (const section of ADMIN_SECTIONS) {
      const path = `/api/admin/${section.key}`;
      for (const who of WHO) {
        const res = await get(path, who);
        const label = `${who} GET ${path}`;
        if (!withApi.includes(section.key)) expect(res.status, label).toBe(404);
        else if (who === "anonymous") expect(res.status, label).toBe(401);
        else expect(res.status, label).toBe(allowed(section, who) ? 200 : 403);
        expect(res.headers.get("content-type"), label).toContain("application/json");
      }
    }
  });

  it("answers 404 for admin paths outside the table, for everyone, as pages, data requests and APIs", async () => {
    for (const who of WHO) {
      for (const path of UNKNOWN) {
        const page = await get(path, who);
        expect(page.status, `${who} GET ${path}`).toBe(404);
        expect(await page.text()).toContain("There is no admin page at this address.");
        expect((await get(`${path}.data`, who)).status, `${who} GET ${path}.data`).toBe(404);
      }
      for (const path of ["/api/admin/nope", "/api/admin/USERSX", "/api/admin"]) {
        const res = await get(path, who);
        expect(res.status, `${who} GET ${path}`).toBe(404);
        expect((await res.json()).error.code).toBe("not_found");
      }
    }
  });

  it("lists in the navigation exactly the sections a role may open", async () => {
    for (const who of ["editor", "admin"] as const) {
      const html = await (await get("/admin", who)).text();
      const nav = html.slice(
        html.indexOf('aria-label="Admin"'),
        html.indexOf("</nav>", html.indexOf('aria-label="Admin"')),
      );
      for (const section of ADMIN_SECTIONS.filter((s) => s.nav === "main")) {
        expect(nav.includes(`href="${section.path}"`), `${who} nav ${section.path}`).toBe(allowed(section, who));
      }
    }
  });
});
