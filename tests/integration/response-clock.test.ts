import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, arizonaDate, arizonaDayStart } from "@common/arizona";
import { weekdayOf } from "@common/business-hours";
import { getFreeAnalysisForm } from "@server/forms/definitions";
import { formChecks } from "@server/forms/pipeline";
import { storeSubmission } from "@server/forms/submissions";
import { apiCall, startStaffServer, type StaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import { leadForm, type Fields } from "../support/lead-forms";

/**
 * The clock on every lead (decision 0048) over real HTTP on both databases: the first staff
 * action on a contact (note, status, owner, logged call or e-mail) answers its earlier
 * unanswered submissions once; the list's "waiting" and its sort; the dashboard's medians in
 * business minutes (opening hours, Arizona time) and the contacts waiting past the target.
 */
describe.each(dbKinds())("first response on %s", (kind) => {
  let staff: StaffServer;
  const db = () => staff.server.database.db;
  const call = (method: string, url: string, body?: unknown) =>
    apiCall(staff.server, method, `/api/admin/${url}`, staff.adminCookie, body);
  const json = async <T = any>(res: Response): Promise<T> => (await res.json()) as T;
  const store = async (overrides: Fields) => {
    const definition = await getFreeAnalysisForm(db());
    const checked = formChecks(definition).check(
      leadForm({ paymentMethods: ["in-person"], averageTicket: null, website: null, ...overrides }),
      {},
    );
    if (!checked.ok) throw new Error(JSON.stringify(checked.fieldErrors));
    const stored = await storeSubmission(db(), definition, checked.post, {});
    return { contactId: stored.contactId!, submissionId: stored.submissionId };
  };
  const response = (id: string) =>
    db()
      .selectFrom("submissions")
      .select(["first_response_at", "first_response_by", "first_response_by_name", "first_response_kind"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const waitingSince = async (contactId: string) =>
    (await db().selectFrom("contacts").select("waiting_since").where("id", "=", contactId).executeTakeFirstOrThrow())
      .waiting_since;
  /** An Arizona wall-clock moment ("2026-11-23", 16, 50) as an ISO instant. */
  const az = (date: string, hour: number, minute = 0) =>
    new Date(Date.parse(arizonaDayStart(date)) + (hour * 60 + minute) * 60_000).toISOString();

  beforeAll(async () => {
    staff = await startStaffServer(kind);
  });
  afterAll(async () => {
    await staff?.server.stop();
  });

  // First, while no other lead is answered: the medians count only these.
  it("shows the median first response over 7 and 30 days in business minutes, and who waits past the target", async () => {
    const today = arizonaDate();
    const weekdays = [-2, -3, -4, -5, -6].map((d) => addDays(today, d)).filter((d) => !/sat|sun/.test(weekdayOf(d)));
    const fridays = Array.from({ length: 7 }, (_, i) => addDays(today, -8 - i)).filter(
      (d) => weekdayOf(d) === "friday",
    );
    const fixtures = [
      // 30 business minutes, within the last 7 days.
      { created: az(weekdays[0]!, 9), answered: az(weekdays[0]!, 9, 30) },
      // 90 business minutes, within the last 7 days.
      { created: az(weekdays[1]!, 10), answered: az(weekdays[1]!, 11, 30) },
      // Friday 16:50 to Monday 08:10: 20 business minutes over a weekend, 8 to 14 days ago.
      { created: az(fridays[0]!, 16, 50), answered: az(addDays(fridays[0]!, 3), 8, 10) },
    ];
    for (const [i, f] of fixtures.entries()) {
      const { contactId, submissionId } = await store({ email: `timed${i}@example.com` });
      await db()
        .updateTable("submissions")
        .set({ created_at: f.created, first_response_at: f.answered, first_response_kind: "note" })
        .where("id", "=", submissionId)
        .execute();
      await db().updateTable("contacts").set({ waiting_since: null }).where("id", "=", contactId).execute();
    }
    // Two leads of one contact past their deadline count once; a lead still within its target not at all.
    const late = await store({ email: "late@example.com" });
    await store({ email: "late@example.com" });
    await db()
      .updateTable("submissions")
      .set({ response_due_at: new Date(Date.now() - 60_000).toISOString() })
      .where("contact_id", "=", late.contactId)
      .execute();
    await store({ email: "fresh@example.com" });

    const dashboard = await json((await call("GET", "dashboard")) as Response);
    expect(dashboard.responses).toEqual({
      targetMinutes: 15,
      week: { medianMinutes: 60, answered: 2 },
      month: { medianMinutes: 30, answered: 3 },
      waitingPastTarget: 1,
    });
  });

  it("records the first response of each kind once, for the submissions that came before it", async () => {
    const admin = await db()
      .selectFrom("user")
      .select(["id", "name"])
      .where("role", "=", "admin")
      .executeTakeFirstOrThrow();
    const email = "clock@example.com";
    const first = await store({ email });
    const contactId = first.contactId;
    expect(await waitingSince(contactId)).toEqual(expect.any(String));

    // A note answers the waiting submission.
    expect((await call("POST", `contacts/${contactId}/notes`, { body: "Called, left a message." })).status).toBe(201);
    const noted = await response(first.submissionId);
    expect(noted).toMatchObject({
      first_response_by: admin.id,
      first_response_by_name: admin.name,
      first_response_kind: "note",
    });
    expect(await waitingSince(contactId)).toBeNull();

    // A later submission waits; the owner assignment answers it and leaves the first as it was.
    const second = await store({ email });
    expect(await waitingSince(contactId)).toEqual(expect.any(String));
    expect((await call("PUT", `contacts/${contactId}/owner`, { ownerId: admin.id })).status).toBe(200);
    expect(await response(second.submissionId)).toMatchObject({ first_response_kind: "owner" });
    expect(await response(first.submissionId)).toEqual(noted);

    // A status change, then a logged call and a logged e-mail, each answering only what came before.
    const third = await store({ email });
    expect((await call("PUT", `contacts/${contactId}/status`, { status: "contacted" })).status).toBe(200);
    expect(await response(third.submissionId)).toMatchObject({ first_response_kind: "status" });
    const fourth = await store({ email });
    const logged = await call("POST", `contacts/${contactId}/touches`, { channel: "call" });
    expect(logged.status).toBe(201);
    expect((await json(logged)).message).toBe("Call logged.");
    expect(await response(fourth.submissionId)).toMatchObject({ first_response_kind: "call" });
    const fifth = await store({ email });
    expect((await call("POST", `contacts/${contactId}/touches`, { channel: "email" })).status).toBe(201);
    expect(await response(fifth.submissionId)).toMatchObject({ first_response_kind: "email" });
    expect(await response(fourth.submissionId)).toMatchObject({ first_response_kind: "call" });

    // Nothing waits: another action answers nothing; a submission after it waits.
    expect((await call("POST", `contacts/${contactId}/notes`, { body: "Sent the pricing." })).status).toBe(201);
    const sixth = await store({ email });
    expect((await response(sixth.submissionId)).first_response_at).toBeNull();

    // A submission marked as spam waits for nobody and is never answered.
    const spam = await call(
      "PATCH",
      `forms/${(await getFreeAnalysisForm(db())).id}/submissions/${sixth.submissionId}`,
      {
        spam: true,
      },
    );
    expect(spam.status, await spam.clone().text()).toBe(200);
    expect(await waitingSince(contactId)).toBeNull();
    await call("POST", `contacts/${contactId}/touches`, { channel: "call" });
    expect((await response(sixth.submissionId)).first_response_at).toBeNull();

    // The timeline says who answered, how; the call is a timeline entry and an audit row.
    const detail = await json(await call("GET", `contacts/${contactId}`));
    expect(detail.waiting).toBeNull();
    const byId = new Map<string, any>(detail.submissions.map((s: any) => [s.id, s]));
    expect(byId.get(first.submissionId).firstResponse).toMatchObject({ kind: "note", byName: admin.name });
    expect(detail.activity.filter((a: any) => a.kind === "logged").map((a: any) => a.details.channel)).toEqual([
      "call",
      "email",
      "call",
    ]);
    const audits = await db()
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "contact.touch_logged")
      .where("target", "=", contactId)
      .execute();
    expect(audits).toHaveLength(3);

    // A wrong channel is a field error.
    const wrong = await call("POST", `contacts/${contactId}/touches`, { channel: "fax" });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).error.fields.channel).toBe("Choose whether you called or e-mailed.");
  });

  it("shows waiting contacts first, the longest waiting on top, on the list and in a search", async () => {
    const oldest = await store({ email: "wait-a@example.com", name: "Waitsort Alpha" });
    const answered = await store({ email: "wait-b@example.com", name: "Waitsort Bravo" });
    const newest = await store({ email: "wait-c@example.com", name: "Waitsort Charlie" });
    await call("POST", `contacts/${answered.contactId}/notes`, { body: "Done." });

    for (const query of ["contacts?sort=waiting", "contacts?sort=waiting&q=waitsort"]) {
      const page = await json(await call("GET", query));
      const ids: string[] = page.rows.map((r: any) => r.id);
      const since: Array<string | null> = page.rows.map((r: any) => r.waitingSince);
      const firstNull = since.indexOf(null);
      const waiting = since.slice(0, firstNull === -1 ? undefined : firstNull) as string[];
      expect(waiting).toEqual([...waiting].sort());
      expect(since.slice(waiting.length).every((s) => s === null)).toBe(true);
      expect(ids.indexOf(oldest.contactId)).toBeLessThan(ids.indexOf(newest.contactId));
      expect(ids.indexOf(newest.contactId)).toBeLessThan(waiting.length);
      expect(ids.indexOf(answered.contactId)).toBeGreaterThanOrEqual(waiting.length);
    }
    // A contact just arrived is waiting but not past the target (15 business minutes at most).
    const page = await json(await call("GET", "contacts?sort=waiting&q=waitsort"));
    expect(page.overdue).not.toContain(newest.contactId);
  });
});
