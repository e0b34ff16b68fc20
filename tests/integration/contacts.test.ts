import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getFreeAnalysisForm } from "@server/forms/definitions";
import { formChecks } from "@server/forms/pipeline";
import type { Upload } from "@server/forms/public-body";
import { storeSubmission } from "@server/forms/submissions";
import { apiCall, startStaffServer, type StaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import { leadForm, type Fields } from "../support/lead-forms";

/**
 * The Contacts screen's API (/api/admin/contacts) and the dashboard's (/api/admin/dashboard)
 * over real HTTP on both databases: who may call what, dedupe by e-mail, status and owner
 * changes with their audit rows, notes, bulk changes, the CSV export, downloads of the files
 * its submissions carry and erasure with the submissions and files.
 */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

describe.each(dbKinds())("contacts and dashboard API on %s", (kind) => {
  let staff: StaffServer;
  const db = () => staff.server.database.db;
  const storedFileIds = async (ids: string[]) =>
    ids.length
      ? (await db().selectFrom("stored_files").select("id").where("id", "in", ids).execute()).map((r) => r.id)
      : [];
  const call = (method: string, url: string, body?: unknown, cookie: string | null = staff.adminCookie) =>
    apiCall(staff.server, method, `/api/admin/${url}`, cookie, body);
  const json = async <T = any>(res: Response): Promise<T> => (await res.json()) as T;
  /** A Free Analysis request stored as the pipeline stores it: its contact, and its statement's file id. */
  const seed = async (overrides: Fields = {}, withStatement = false) => {
    const definition = await getFreeAnalysisForm(db());
    const post = leadForm({ paymentMethods: ["in-person"], averageTicket: null, website: null, ...overrides });
    const files: Record<string, Upload> = withStatement
      ? { statement: { filename: "März statement.pdf", declaredType: "application/pdf", bytes: new Uint8Array(PDF) } }
      : {};
    const checked = formChecks(definition).check(post, files);
    if (!checked.ok) throw new Error(JSON.stringify(checked.fieldErrors));
    const stored = await storeSubmission(db(), definition, checked.post, {});
    const file = await db()
      .selectFrom("submission_files")
      .select("file_id")
      .where("submission_id", "=", stored.submissionId)
      .executeTakeFirst();
    return { contactId: stored.contactId!, submissionId: stored.submissionId, fileId: file?.file_id };
  };
  const audits = (action: string, target: string) =>
    db().selectFrom("audit_log").selectAll().where("action", "=", action).where("target", "=", target).execute();

  beforeAll(async () => {
    staff = await startStaffServer(kind);
  });
  afterAll(async () => {
    await staff?.server.stop();
  });

  it("answers 401 signed out and serves both roles, on every contacts and dashboard endpoint", async () => {
    const { contactId, fileId } = await seed({ email: "matrix@example.com" }, true);
    const endpoints: Array<[string, string, unknown?]> = [
      ["GET", "dashboard"],
      ["GET", "contacts"],
      ["GET", "contacts/export.csv"],
      ["POST", "contacts", { name: "Matrix Manual", email: "matrix-manual@example.com" }],
      ["POST", "contacts/bulk", { ids: [contactId], status: "contacted" }],
      ["GET", `contacts/${contactId}`],
      ["PATCH", `contacts/${contactId}`, { name: "Matrix Lead", email: "matrix@example.com" }],
      ["PUT", `contacts/${contactId}/status`, { status: "qualified" }],
      ["PUT", `contacts/${contactId}/owner`, { ownerId: null }],
      ["POST", `contacts/${contactId}/notes`, { body: "Called." }],
      ["GET", `contacts/${contactId}/files/${fileId}`],
    ];
    for (const [method, url, body] of endpoints) {
      const res = await call(method, url, body, null);
      expect(res.status, `anonymous ${method} ${url}`).toBe(401);
    }
    for (const [who, cookie] of [
      ["editor", staff.editorCookie],
      ["admin", staff.adminCookie],
    ] as const) {
      for (const [method, url, body] of endpoints) {
        if (method === "POST" && url === "contacts") continue; // would conflict the second time
        const res = await call(method, url, body, cookie);
        expect(res.status, `${who} ${method} ${url}`).toBeLessThan(300);
        await res.arrayBuffer();
      }
    }
    // A cross-site write is refused even with a session.
    const foreign = await apiCall(
      staff.server,
      "PUT",
      `/api/admin/contacts/${contactId}/status`,
      staff.adminCookie,
      { status: "lost", lostReason: "x" },
      "https://evil.example",
    );
    expect(foreign.status).toBe(403);
    // Erasure, last: both roles may.
    expect((await call("DELETE", `contacts/${contactId}`, undefined, staff.editorCookie)).status).toBe(200);
    expect((await call("DELETE", `contacts/${contactId}`, undefined, null)).status).toBe(401);
    // Recent audit activity on the dashboard is for the audit permission only.
    expect((await json(await call("GET", "dashboard", undefined, staff.editorCookie))).activity).toBeNull();
    expect((await json(await call("GET", "dashboard"))).activity.length).toBeGreaterThan(0);
  });

  it("keeps one contact per e-mail, whatever its case, and refuses a hand-made duplicate", async () => {
    const first = await seed({ email: "Same.Person@Example.com" });
    const second = await seed({ email: "same.person@EXAMPLE.com", businessName: "Second Try LLC" });
    expect(second.contactId).toBe(first.contactId);
    const rows = await db().selectFrom("contacts").selectAll().where("email", "=", "same.person@example.com").execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.submission_count)).toBe(2);

    const dup = await call("POST", "contacts", { name: "Someone", email: "SAME.person@example.com" });
    expect(dup.status).toBe(409);
    expect((await json(dup)).error.fields.email).toContain("already exists");

    const bad = await call("POST", "contacts", { name: " ", email: "nope", monthlyVolume: "lots" });
    // The lead profile's entries are checked by their kind (common/lead-profile.ts).
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).error.fields).sort()).toEqual(["email", "monthlyVolume", "name"]);

    const made = await call("POST", "contacts", {
      name: "Hand Made",
      businessName: "Manual Co",
      email: "Hand.Made@Example.com",
      monthlyVolume: "under-10k",
    });
    expect(made.status).toBe(201);
    const { data } = await json(made);
    const detail = await json(await call("GET", `contacts/${data.id}`));
    expect(detail.contact).toMatchObject({
      email: "hand.made@example.com",
      source: "manual",
      status: "new",
      profile: { monthlyVolume: "under-10k" },
    });
    // Editing sets, changes or clears profile entries; the timeline names those that changed.
    const edited = await call("PATCH", `contacts/${data.id}`, {
      name: "Hand Made",
      businessName: "Manual Co",
      email: "hand.made@example.com",
      averageTicketCents: "45.50",
      currentProcessor: "Square",
    });
    expect(edited.status).toBe(200);
    const after = await json(await call("GET", `contacts/${data.id}`));
    expect(after.contact.profile).toEqual({ averageTicketCents: 4550, currentProcessor: "Square" });
    const [edit] = (after.activity as Array<{ kind: string; details: { fields: string[] } }>).filter(
      (a) => a.kind === "edited",
    );
    expect(edit!.details.fields.sort()).toEqual(["averageTicketCents", "currentProcessor", "monthlyVolume"]);
    expect((await audits("contact.created", data.id)).length).toBe(1);
  });

  it("changes status (a lost one needs a reason) and owner, each on the timeline and audited", async () => {
    const { contactId } = await seed({ email: "pipeline@example.com" });
    const lost = await call("PUT", `contacts/${contactId}/status`, { status: "lost" });
    expect(lost.status).toBe(400);
    expect((await json(lost)).error.fields.lostReason).toBe("Say why this lead was lost.");
    const moved = await call("PUT", `contacts/${contactId}/status`, { status: "contacted" });
    expect(await json(moved)).toMatchObject({ ok: true, message: "Status changed to Contacted." });
    const lostNow = await call("PUT", `contacts/${contactId}/status`, { status: "lost", lostReason: "Went elsewhere" });
    expect(lostNow.status).toBe(200);

    const unknownOwner = await call("PUT", `contacts/${contactId}/owner`, { ownerId: "no-such-user" });
    expect(unknownOwner.status).toBe(400);
    const owned = await call("PUT", `contacts/${contactId}/owner`, { ownerId: staff.editorId });
    expect(await json(owned)).toMatchObject({ ok: true, message: "Assigned to editor." });

    const detail = await json(await call("GET", `contacts/${contactId}`));
    expect(detail.contact).toMatchObject({ status: "lost", lostReason: "Went elsewhere", ownerId: staff.editorId });
    expect(detail.activity.map((a: { kind: string }) => a.kind)).toEqual(["owner", "status", "status"]);
    const statusAudits = await audits("contact.status_changed", contactId);
    expect(statusAudits.map((a) => JSON.parse(a.details))).toEqual(
      expect.arrayContaining([
        { from: "new", to: "contacted" },
        { from: "contacted", to: "lost" },
      ]),
    );
    expect(statusAudits.every((a) => a.actor_email === "admin@meritum.test")).toBe(true);
    expect(JSON.stringify(statusAudits)).not.toContain("pipeline@example.com");
    expect((await audits("contact.owner_changed", contactId)).map((a) => JSON.parse(a.details))).toEqual([
      { from: null, to: staff.editorId },
    ]);
    // The owner filter finds it.
    const mine = await json(await call("GET", "contacts?owner=me", undefined, staff.editorCookie));
    expect(mine.rows.map((r: { id: string }) => r.id)).toContain(contactId);
  });

  it("adds notes with their author and time", async () => {
    const { contactId } = await seed({ email: "notes@example.com" });
    expect((await call("POST", `contacts/${contactId}/notes`, { body: "  " })).status).toBe(400);
    const res = await call(
      "POST",
      `contacts/${contactId}/notes`,
      { body: "Asked for a call on Tuesday." },
      staff.editorCookie,
    );
    expect(res.status).toBe(201);
    const detail = await json(await call("GET", `contacts/${contactId}`));
    expect(detail.activity[0]).toMatchObject({
      kind: "note",
      body: "Asked for a call on Tuesday.",
      actorName: "editor",
    });
    expect(Date.parse(detail.activity[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await audits("contact.note_added", contactId)).length).toBe(1);
    expect((await call("POST", `contacts/00000000-0000-0000-0000-000000000000/notes`, { body: "x" })).status).toBe(404);
  });

  it("changes the status and owner of many contacts at once", async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await seed({ email: `bulk-${i}@example.com` })).contactId);
    const res = await call("POST", "contacts/bulk", {
      ids: [...ids, "gone-id"],
      status: "qualified",
      ownerId: staff.adminId,
    });
    expect(await json(res)).toMatchObject({ ok: true, data: { changed: 3, missing: 1 } });
    const rows = await db().selectFrom("contacts").select(["status", "owner_id"]).where("id", "in", ids).execute();
    expect(rows).toEqual(ids.map(() => ({ status: "qualified", owner_id: staff.adminId })));
    for (const id of ids) {
      expect((await audits("contact.status_changed", id)).length).toBe(1);
      expect((await audits("contact.owner_changed", id)).length).toBe(1);
    }
    expect((await call("POST", "contacts/bulk", { ids: [], status: "new" })).status).toBe(400);
    expect((await call("POST", "contacts/bulk", { ids })).status).toBe(400);
    const filtered = await json(await call("GET", `contacts?status=qualified&owner=${staff.adminId}`));
    expect(filtered.total).toBe(3);
  });

  it("searches, filters, sorts and pages the list", async () => {
    await seed({
      email: "zed@searchable.example",
      name: "Zed Quartz",
      businessName: "Quartz Cafe",
      phone: "602-555-0199",
    });
    const byName = await json(await call("GET", "contacts?q=quartz"));
    expect(byName.rows.map((r: { email: string }) => r.email)).toEqual(["zed@searchable.example"]);
    expect((await json(await call("GET", "contacts?q=602-555-0199"))).total).toBe(1);
    expect((await json(await call("GET", "contacts?q=100%25"))).total).toBe(0);
    const sorted = await json(await call("GET", "contacts?sort=name"));
    const names = sorted.rows.map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const bad = await call("GET", "contacts?from=2026-13-01&status=won");
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).error.fields).sort()).toEqual(["from", "status"]);
    const today = new Date(Date.now() - 7 * 3600_000).toISOString().slice(0, 10);
    expect((await json(await call("GET", `contacts?from=${today}&to=${today}`))).total).toBeGreaterThan(0);
    expect((await json(await call("GET", `contacts?to=2000-01-01`))).total).toBe(0);

    // Source: the hand-made contacts; the contact form's; none from a form nobody used.
    const bySource = async (source: string) => {
      const listed = await json(await call("GET", `contacts?source=${source}`));
      const stored = await db().selectFrom("contacts").select("id").where("source", "=", source).execute();
      expect(listed.total, source).toBe(stored.length);
      expect(listed.rows.map((r: { source: string }) => r.source)).toEqual(stored.map(() => source));
      return listed.total;
    };
    expect(await bySource("manual")).toBeGreaterThan(0);
    expect(await bySource("contact")).toBeGreaterThan(0);
    expect(await bySource("no-such-form")).toBe(0);

    // Pages of 25, every contact once, newest first; past the end is the last page.
    for (let i = 0; i < 25; i++) await seed({ email: `page-${String(i).padStart(2, "0")}@example.com` });
    const total = Number(
      (
        await db()
          .selectFrom("contacts")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const first = await json(await call("GET", "contacts"));
    const second = await json(await call("GET", "contacts?page=2"));
    expect([first.total, first.page, first.pages, first.rows.length]).toEqual([total, 1, 2, 25]);
    expect([second.page, second.rows.length]).toEqual([2, total - 25]);
    const ids = [...first.rows, ...second.rows].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(total);
    const created = [...first.rows, ...second.rows].map((r: { createdAt: string }) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect((await json(await call("GET", "contacts?page=99"))).page).toBe(2);
    const oldest = await json(await call("GET", "contacts?sort=oldest&page=2"));
    expect(oldest.rows.map((r: { id: string }) => r.id)).toEqual(ids.slice(0, total - 25).reverse());
    const searched = await json(await call("GET", "contacts?q=page-&page=2"));
    expect([searched.total, searched.page, searched.rows.length]).toEqual([25, 1, 25]);
  });

  it("exports the filtered contacts as CSV with a BOM, defused formulas and non-ASCII names", async () => {
    await seed({ email: "csv-1@example.com", name: "Zoë Ångström", businessName: '=HYPERLINK("x")' });
    await seed({ email: "csv-2@example.com", name: "Plain Person", businessName: "Plain" });
    const res = await call("GET", "contacts/export.csv?q=csv-");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines[0]).toContain(
      `"Name","Business","E-mail","Phone","Website","Monthly card volume","Average sale (ticket)","Current processor","Takes payments","Status"`,
    );
    expect(lines).toHaveLength(3);
    expect(text).toContain("Zoë Ångström");
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text).not.toMatch(/,=HYPERLINK/);
    expect((await call("GET", "contacts/export.csv?from=yesterday")).status).toBe(400);
    const exported = await db()
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "contact.exported")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(exported.details)).toEqual({ filters: ["q"] });
    expect(exported.details).not.toContain("csv-");
  });

  it("downloads a submission's file (the statement) as an attachment for staff only", async () => {
    const { contactId, fileId } = await seed({ email: "statement@example.com" }, true);
    const url = `contacts/${contactId}/files/${fileId}`;
    const res = await call("GET", url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="M_rz statement.pdf"; filename*=UTF-8''M%C3%A4rz%20statement.pdf`,
    );
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await call("GET", url, undefined, null)).status).toBe(401);
    // Another contact's id with this file's id: not found.
    const other = await seed({ email: "other@example.com" });
    expect((await call("GET", `contacts/${other.contactId}/files/${fileId}`)).status).toBe(404);
  });

  it("erases a contact with its submissions, their files, notes and timeline, audited without personal data", async () => {
    const first = await seed({ email: "erase@example.com", name: "Erin Erase" }, true);
    await seed({ email: "erase@example.com", name: "Erin Erase" }, true);
    await call("POST", `contacts/${first.contactId}/notes`, { body: "Wants everything deleted." });
    const before = await json(await call("GET", `contacts/${first.contactId}`));
    expect(before.erasure).toEqual({ submissions: 2, files: 2, notes: 1 });
    const keys = (
      await db()
        .selectFrom("submission_files")
        .innerJoin("submissions", "submissions.id", "submission_files.submission_id")
        .select("file_id")
        .where("submissions.contact_id", "=", first.contactId)
        .execute()
    ).map((r) => r.file_id);
    expect(keys).toHaveLength(2);
    expect((await storedFileIds(keys)).sort()).toEqual([...keys].sort());

    const res = await call("DELETE", `contacts/${first.contactId}`);
    expect(await json(res)).toMatchObject({ ok: true, message: "Contact erased with 2 submissions and 2 files." });
    expect(await db().selectFrom("contacts").select("id").where("id", "=", first.contactId).execute()).toEqual([]);
    expect(
      await db().selectFrom("submissions").select("id").where("contact_id", "=", first.contactId).execute(),
    ).toEqual([]);
    expect(
      await db().selectFrom("contact_activity").select("id").where("contact_id", "=", first.contactId).execute(),
    ).toEqual([]);
    expect(await storedFileIds(keys)).toEqual([]);
    const [audit] = await audits("contact.deleted", first.contactId);
    expect(JSON.parse(audit!.details)).toEqual({ submissions: 2, files: 2, notes: 1 });
    expect(JSON.stringify(audit)).not.toMatch(/erase@example\.com|Erin/);
    expect((await call("GET", `contacts/${first.contactId}`)).status).toBe(404);
    expect((await call("DELETE", `contacts/${first.contactId}`)).status).toBe(404);
  });

  it("counts leads on the dashboard by Arizona day and source, with statuses and the newest", async () => {
    await seed({ email: "calc@example.com", source: "calculator", calcVolume: "42000" });
    const data = await json(await call("GET", "dashboard"));
    const total = Number(
      (
        await db()
          .selectFrom("contacts")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(data.counts).toEqual({ today: total, week: total, month: total });
    expect(data.perDay).toHaveLength(30);
    const todayRow = data.perDay[29];
    expect(todayRow.date).toBe(data.today);
    expect(todayRow.contact + todayRow.calculator + todayRow.other).toBe(total);
    expect(todayRow.calculator).toBe(1);
    expect(todayRow.other).toBeGreaterThanOrEqual(1); // the hand-made contact
    expect(data.byStatus.reduce((s: number, r: { count: number }) => s + r.count, 0)).toBe(total);
    expect(data.newest).toHaveLength(5);
    expect(data.newest[0].name).toBe("Dana Ruiz");
    // An old lead is outside "today" but inside 30 days.
    await db()
      .updateTable("contacts")
      .set({ created_at: new Date(Date.now() - 10 * 86_400_000).toISOString() })
      .where("email", "=", "calc@example.com")
      .execute();
    const later = await json(await call("GET", "dashboard"));
    expect(later.counts).toEqual({ today: total - 1, week: total - 1, month: total });
  });
});
