import fs from "node:fs";
import path from "node:path";
import { ADMIN_JSON_LIMIT } from "@server/http/body";
import { createApp } from "@server/main";
import routeConfig from "../../app/routes";

/**
 * Every action route and every endpoint that takes a body gets a corpus of hostile bodies,
 * signed out and signed in: none may answer 5xx or show a stack trace, and no stored row may
 * appear or change (the audit log, the abuse counters and sessions excepted: refusals may be
 * recorded there).
 *
 * The endpoints are declared in tables below; two checks keep the tables whole: every route
 * the Express app declares with a method other than GET (found by walking its router stack,
 * so a route added to a server/<domain>/api.ts is found) and every route module of
 * app/routes.ts that exports an action must have an entry, and no entry may name a route that
 * no longer exists.
 */

/** Must match the AUTH_SECRET startTestServer gives the server. */
export const AUTH_SECRET = "test-secret-0123456789abcdef0123456789abcdef";
/** A well-formed id no row has. */
export const MISSING = "00000000-0000-4000-8000-000000000000";

export interface HostileBody {
  name: string;
  contentType?: string;
  body?: string | Uint8Array;
}

/**
 * The huge bodies: over every body limit but the uploads' (10 MB, which read such a body to its
 * end and refuse what it holds). Just over the largest of those limits, not a fixed 3 MB: every
 * byte past the limit is still read and dropped by the server (server/http/linger.ts), on every
 * route, signed out and in, on both databases: with 3 MB bodies that was about a third of this
 * file's CPU, and this size takes a sixth off the file's CPU.
 */
const HUGE = ADMIN_JSON_LIMIT + 16 * 1024;

export const deep = "[".repeat(20_000) + "]".repeat(20_000);
export const deepObject = '{"a":'.repeat(5_000) + "1" + "}".repeat(5_000);

export const CORPUS: HostileBody[] = [
  { name: "empty, no content type" },
  { name: "empty urlencoded", contentType: "application/x-www-form-urlencoded", body: "" },
  { name: "empty JSON", contentType: "application/json", body: "" },
  // A plausible object with an address no field accepts (a valid one would be a valid settings change).
  { name: "JSON object", contentType: "application/json", body: '{"email":"x@@meritum","password":"p","name":""}' },
  { name: "JSON null", contentType: "application/json", body: "null" },
  { name: "JSON array", contentType: "application/json", body: "[1,2,3]" },
  { name: "JSON string", contentType: "application/json", body: '"hello"' },
  { name: "broken JSON", contentType: "application/json", body: '{"email": "a@b.c", ' },
  { name: "deeply nested JSON array", contentType: "application/json", body: deep },
  { name: "deeply nested JSON object", contentType: "application/json", body: deepObject },
  { name: "JSON with NUL", contentType: "application/json", body: '{"email":"a\\u0000@b.c","name":"\\u0000"}' },
  { name: "text/plain", contentType: "text/plain", body: "email=a@b.c&password=x" },
  { name: "xml", contentType: "application/xml", body: "<a>1</a>" },
  { name: "octet-stream", contentType: "application/octet-stream", body: new Uint8Array([0, 1, 2, 255]) },
  { name: "multipart without boundary", contentType: "multipart/form-data", body: "--x\r\n\r\nv" },
  {
    name: "multipart unterminated",
    contentType: "multipart/form-data; boundary=XYZ",
    body: '--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c',
  },
  {
    name: "multipart garbage headers",
    contentType: "multipart/form-data; boundary=XYZ",
    body: "--XYZ\r\n\x01\x02\x03: ???\r\n\r\nv\r\n--XYZ--\r\n",
  },
  {
    name: "multipart with a file",
    contentType: "multipart/form-data; boundary=XYZ",
    body: '--XYZ\r\nContent-Disposition: form-data; name="f"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 x\r\n--XYZ--\r\n',
  },
  { name: "form to JSON", contentType: "application/x-www-form-urlencoded", body: "email=a%40b.c&name=x&role=admin" },
  {
    name: "invalid UTF-8 urlencoded",
    contentType: "application/x-www-form-urlencoded",
    body: new Uint8Array([...Buffer.from("email="), 0xff, 0xfe, 0xc3, ...Buffer.from("&password=x")]),
  },
  {
    name: "bad percent-encoding",
    contentType: "application/x-www-form-urlencoded",
    body: "email=%FF%FE&password=%E0%A4%A",
  },
  { name: "invalid UTF-8 JSON", contentType: "application/json", body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]) },
  { name: "NUL in form", contentType: "application/x-www-form-urlencoded", body: "email=a%00b%40c.d&password=x%00" },
  {
    name: "very long fields",
    contentType: "application/x-www-form-urlencoded",
    body: `intent=password&email=${"x".repeat(30_000)}&password=${"y".repeat(30_000)}`,
  },
  { name: "huge form", contentType: "application/x-www-form-urlencoded", body: `a=${"x".repeat(HUGE)}` },
  { name: "huge JSON", contentType: "application/json", body: `{"a":"${"x".repeat(HUGE)}"}` },
  {
    name: "duplicate fields",
    contentType: "application/x-www-form-urlencoded",
    body: "intent=password&intent=totp&email=a%40b.c&email=b%40c.d&password=x&password=y&code=1&code=2&token=a&token=b",
  },
  { name: "many fields", contentType: "application/x-www-form-urlencoded", body: Array(5000).fill("a=1").join("&") },
  { name: "charset utf-16", contentType: "application/json; charset=utf-16", body: '{"a":1}' },
];

/** Rows the signed-in pass aims at (real ids reach the routes' own validation, not only a 404). */
export interface Fixtures {
  formId: string;
  formSlug: string;
  submissionId: string;
  contactId: string;
  blogPostId: string;
  helpGuideId: string;
  industryId: string;
  editorId: string;
}

export interface Target {
  method: string;
  path: string;
  headers?: Record<string, string>;
}

export type Targets = (f: Fixtures) => Target[];
/** One request; `path` may use the fixtures' ids. */
export const call =
  (method: string, path: string | ((f: Fixtures) => string), headers?: Record<string, string>): Targets =>
  (f) => [{ method, path: typeof path === "string" ? path : path(f), headers }];
export const post =
  (...paths: string[]): Targets =>
  () =>
    paths.map((path) => ({ method: "POST", path }));

/**
 * Every Express route that takes a method other than GET, keyed "METHOD pattern" as the app
 * declares it, with the requests that exercise it. Routes that act whatever the body says
 * (deletions, resends, restores) are aimed at a missing row, so a body that happens to be
 * acceptable cannot change anything; the others at real rows, so a parseable but wrong body
 * reaches the route's own validation.
 */
export const ENDPOINTS: Record<string, Targets> = {
  // better-auth: four paths are reachable, the rest answer 404 (server/auth/express.ts).
  "ALL /api/auth/{*any}": post(
    "/api/auth/get-session",
    "/api/auth/ok",
    "/api/auth/sign-in/email",
    "/api/auth/sign-up/email",
    "/api/auth/two-factor/verify-totp",
    "/api/auth/request-password-reset",
  ),
  // React Router: the action routes and a few without an action (ACTION_ROUTES, PAGES_WITHOUT_ACTION).
  "ALL /{*splat}": () => [],

  "POST /api/admin/contacts": call("POST", "/api/admin/contacts"),
  "POST /api/admin/contacts/bulk": call("POST", "/api/admin/contacts/bulk"),
  "PATCH /api/admin/contacts/:id": call("PATCH", (f) => `/api/admin/contacts/${f.contactId}`),
  "PUT /api/admin/contacts/:id/status": call("PUT", (f) => `/api/admin/contacts/${f.contactId}/status`),
  "PUT /api/admin/contacts/:id/owner": call("PUT", (f) => `/api/admin/contacts/${f.contactId}/owner`),
  "POST /api/admin/contacts/:id/notes": call("POST", (f) => `/api/admin/contacts/${f.contactId}/notes`),
  "POST /api/admin/contacts/:id/touches": call("POST", (f) => `/api/admin/contacts/${f.contactId}/touches`),
  "DELETE /api/admin/contacts/:id": call("DELETE", `/api/admin/contacts/${MISSING}`),

  "POST /api/admin/contacts/proposals/contact/:contactId/reviews": call(
    "POST",
    (f) => `/api/admin/contacts/proposals/contact/${f.contactId}/reviews`,
  ),
  "POST /api/admin/contacts/proposals/contact/:contactId/send": call(
    "POST",
    (f) => `/api/admin/contacts/proposals/contact/${f.contactId}/send`,
  ),
  "PUT /api/admin/pricing": call("PUT", "/api/admin/pricing"),
  // The visitor beacon (server/analytics): a hostile body counts nothing, always 204.
  "POST /api/collect": call("POST", "/api/collect"),
  // Outgoing webhooks: ids no webhook or delivery has (an add with a hostile body adds nothing).
  // Privacy requests: an erasure with a hostile body erases nothing; a request no row has.
  "POST /api/admin/privacy/erase": call("POST", "/api/admin/privacy/erase"),
  "POST /api/admin/privacy/requests/:id/done": call("POST", `/api/admin/privacy/requests/${MISSING}/done`),
  "POST /api/admin/integrations": call("POST", "/api/admin/integrations"),
  "PATCH /api/admin/integrations/:id": call("PATCH", `/api/admin/integrations/${MISSING}`),
  "DELETE /api/admin/integrations/:id": call("DELETE", `/api/admin/integrations/${MISSING}`),
  "POST /api/admin/integrations/:id/secret": call("POST", `/api/admin/integrations/${MISSING}/secret`),
  "POST /api/admin/integrations/:id/test": call("POST", `/api/admin/integrations/${MISSING}/test`),
  "POST /api/admin/integrations/deliveries/:id/resend": call(
    "POST",
    `/api/admin/integrations/deliveries/${MISSING}/resend`,
  ),

  "POST /api/admin/forms": call("POST", "/api/admin/forms"),
  "POST /api/admin/forms/auto-reply-preview": call("POST", "/api/admin/forms/auto-reply-preview"),
  "PUT /api/admin/forms/:id": call("PUT", (f) => `/api/admin/forms/${f.formId}`),
  "DELETE /api/admin/forms/:id": call("DELETE", `/api/admin/forms/${MISSING}`),
  "PATCH /api/admin/forms/:id/submissions/:sid": call(
    "PATCH",
    (f) => `/api/admin/forms/${f.formId}/submissions/${f.submissionId}`,
  ),
  "POST /api/admin/forms/:id/submissions/:sid/notification": call(
    "POST",
    (f) => `/api/admin/forms/${f.formId}/submissions/${MISSING}/notification`,
  ),
  "DELETE /api/admin/forms/:id/submissions/:sid": call(
    "DELETE",
    (f) => `/api/admin/forms/${f.formId}/submissions/${MISSING}`,
  ),

  ...articleEndpoints("blog-posts", (f) => f.blogPostId),
  ...articleEndpoints("help-guides", (f) => f.helpGuideId),

  "POST /api/admin/faq-items/preview": call("POST", "/api/admin/faq-items/preview"),
  "POST /api/admin/faq-items/reorder": call("POST", "/api/admin/faq-items/reorder"),
  "POST /api/admin/faq-items": call("POST", "/api/admin/faq-items"),
  // Any object is a valid edit here (fields it does not name stay as they are, and the row is
  // saved again), so a real item would change.
  "PATCH /api/admin/faq-items/:id": call("PATCH", `/api/admin/faq-items/${MISSING}`),
  "DELETE /api/admin/faq-items/:id": call("DELETE", `/api/admin/faq-items/${MISSING}`),

  "POST /api/admin/industries/preview": call("POST", "/api/admin/industries/preview"),
  "PUT /api/admin/industries/:id": call("PUT", (f) => `/api/admin/industries/${f.industryId}`),

  // The upload reads the raw body once the alt text is given: both ways.
  "POST /api/admin/media": (f) => [
    ...call("POST", "/api/admin/media")(f),
    ...call("POST", "/api/admin/media", { "X-Alt-Text": "A test image", "X-File-Name": "a.png" })(f),
  ],
  "PATCH /api/admin/media/:id": call("PATCH", `/api/admin/media/${MISSING}`),
  "DELETE /api/admin/media/:id": call("DELETE", `/api/admin/media/${MISSING}`),

  "PATCH /api/admin/settings": call("PATCH", "/api/admin/settings"),

  "POST /api/admin/users": call("POST", "/api/admin/users"),
  "PATCH /api/admin/users/:id": call("PATCH", (f) => `/api/admin/users/${f.editorId}`),
  "POST /api/admin/users/:id/invitation": call("POST", `/api/admin/users/${MISSING}/invitation`),
  "DELETE /api/admin/users/:id/two-factor": call("DELETE", `/api/admin/users/${MISSING}/two-factor`),
  "DELETE /api/admin/users/:id": call("DELETE", `/api/admin/users/${MISSING}`),

  "POST /api/admin/security/reauthenticate": call("POST", "/api/admin/security/reauthenticate"),
  "POST /api/admin/security/password": call("POST", "/api/admin/security/password"),
  "POST /api/admin/security/two-factor": call("POST", "/api/admin/security/two-factor"),
  "POST /api/admin/security/two-factor/confirm": call("POST", "/api/admin/security/two-factor/confirm"),
  "POST /api/admin/security/two-factor/disable": call("POST", "/api/admin/security/two-factor/disable"),
  "DELETE /api/admin/security/sessions/:id": call("DELETE", `/api/admin/security/sessions/${MISSING}`),
  // Signs out the admin's other sessions (there are none): the session table may change.
  "DELETE /api/admin/security/sessions": call("DELETE", "/api/admin/security/sessions"),
};

export function articleEndpoints(section: string, id: (f: Fixtures) => string): Record<string, Targets> {
  const base = `/api/admin/${section}`;
  return {
    [`POST ${base}/preview`]: call("POST", `${base}/preview`),
    [`POST ${base}/bulk`]: call("POST", `${base}/bulk`),
    [`POST ${base}`]: call("POST", base),
    [`PUT ${base}/:id`]: call("PUT", (f) => `${base}/${id(f)}`),
    [`DELETE ${base}/:id`]: call("DELETE", `${base}/${MISSING}`),
    // A real article, a missing revision: a restore acts whatever the body says.
    [`POST ${base}/:id/revisions/:revisionId/restore`]: call(
      "POST",
      (f) => `${base}/${id(f)}/revisions/${MISSING}/restore`,
    ),
  };
}

/** GET-only endpoints get the corpus as a POST too: a method they do not take must not fail either. */
export const GET_ONLY = post(
  "/healthz",
  "/api/form-token",
  "/api/form-proof",
  `/media/${MISSING}/original`,
  "/api/nothing",
);

/** Every route module that exports an action (app/routes.ts), with the requests that reach it. */
export const ACTION_ROUTES: Record<string, Targets> = {
  "/login": post("/login", "/login?index", "/login.data"),
  "/admin/password-reset": post("/admin/password-reset", "/admin/password-reset.data"),
  "/admin/reset-password": post("/admin/reset-password?token=abc", "/admin/reset-password.data?token=abc"),
  "/admin/accept-invite": post("/admin/accept-invite?token=abc", "/admin/accept-invite.data?token=abc"),
  "/contact": post("/contact", "/contact.data"),
  "/forms/:slug": (f) => [
    ...call("POST", `/forms/${f.formSlug}`)(f),
    ...call("POST", `/forms/${f.formSlug}.data`)(f),
    ...call("POST", "/forms/no-such-form")(f),
  ],
  // Staff previews of unsaved changes (they store nothing, whatever they are sent).
  "/preview/:section/:id": (f) => [
    ...call("POST", `/preview/blog/${f.blogPostId}`)(f),
    ...call("POST", `/preview/blog/${f.blogPostId}.data`)(f),
    ...call("POST", `/preview/blog/${MISSING}`)(f),
    ...call("POST", `/preview/guides/${f.helpGuideId}`)(f),
    ...call("POST", `/preview/guides/${MISSING}`)(f),
    ...call("POST", `/preview/nonsense/${MISSING}`)(f),
  ],
  // A merchant's proposal: a well-formed token that matches none, and one that cannot be a token.
  "/proposals/:token": post(`/proposals/${"A".repeat(43)}`, `/proposals/${"A".repeat(43)}.data`, "/proposals/nope"),
  // The privacy request's confirm button: a token that cannot be one, a well-formed one no request has, none.
  "/privacy-request/confirm": post(
    "/privacy-request/confirm?token=broken",
    `/privacy-request/confirm.data?token=${MISSING}.4102444800000.${"A".repeat(43)}`,
    "/privacy-request/confirm",
  ),
  // Ends the session: sent last (SESSION_ENDING).
  "/logout": () => [],
};

/** Routes without an action: a POST is refused (405), never a 5xx. */
export const PAGES_WITHOUT_ACTION = post(
  "/",
  "/admin/users",
  "/admin/contacts",
  "/resources/search?q=fees",
  "/sitemap.xml",
);

/** These end the session: last, so the signed-in pass covers everything above signed in. */
export const SESSION_ENDING = post("/api/auth/sign-out", "/logout");

/** "METHOD pattern" of every route the Express app declares with a method other than GET/HEAD. */
export function expressWriteRoutes(): string[] {
  const out: string[] = [];
  interface Layer {
    rawPath?: unknown;
    route?: { path: string; methods: Record<string, boolean> };
    handle?: { stack?: Layer[] };
  }
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const routePath = prefix + (layer.route.path === "/" ? "" : layer.route.path) || "/";
        const methods = Object.keys(layer.route.methods).filter((m) => m !== "get" && m !== "head" && m !== "_all");
        // app.all() registers every method Node knows.
        if (methods.length > 10) out.push(`ALL ${routePath}`);
        else for (const method of methods) out.push(`${method.toUpperCase()} ${routePath}`);
      } else if (Array.isArray(layer.handle?.stack)) {
        walk(layer.handle.stack, prefix + (layer.rawPath === "/" ? "" : String(layer.rawPath)));
      }
    }
  };
  const app = createApp({ clientDir: path.resolve(import.meta.dirname, "../../build/client") }) as unknown as {
    router: { stack: Layer[] };
  };
  walk(app.router.stack, "");
  return [...new Set(out)].sort();
}

/** The URL pattern of every route module in app/routes.ts that exports an action. */
export function actionRoutes(): string[] {
  interface RouteNode {
    file: string;
    path?: string;
    children?: RouteNode[];
  }
  const out: string[] = [];
  const walk = (nodes: RouteNode[], parent: string) => {
    for (const node of nodes) {
      const full = node.path ? `${parent}/${node.path}` : parent;
      const source = fs.readFileSync(path.resolve(import.meta.dirname, "../../app", node.file), "utf8");
      if (/export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b|export\s*\{[^}]*\baction\b/.test(source))
        out.push(full || "/");
      walk(node.children ?? [], full);
    }
  };
  walk(routeConfig as RouteNode[], "");
  return out.sort();
}

/** A custom form with a file field, so /forms/:slug is reached with multipart bodies too. */
export const CUSTOM_FORM = {
  name: "Hostile bodies",
  slug: "hostile-bodies",
  fields: [
    { key: "fullName", type: "text", label: "Full name", required: true, contact: "name" },
    { key: "email", type: "email", label: "E-mail", required: true },
    { key: "doc", type: "file", label: "A document", required: false },
    { key: "agree", type: "consent", label: "You may contact me about this.", required: true },
  ],
  recipients: ["forms@meritum.test"],
  successMessage: "Thanks.",
  active: true,
};
