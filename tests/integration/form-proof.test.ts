import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeSolution, solveChallenge, type FormChallenge } from "@common/form-proof";
import { FORM_PROOF_RATE_LIMIT } from "@server/form-proof/api";
import { purgeUsedProofs } from "@server/form-proof/used";
import { dbKinds } from "../support/db";
import {
  contactFiles,
  everyTypeForm,
  formProof,
  leadForm,
  newIp,
  partnerAnswers,
  samplePdf,
} from "../support/lead-forms";
import { apiCall, startStaffServer } from "../support/auth";
import { startTestServer, type TestServer } from "../support/server";

/**
 * The public forms' proof of work (decision 0051) over HTTP, on two instances of the build on
 * one database (PostgreSQL, and one SQLite file with its data folder): the challenge endpoint,
 * a solved post stored as a submission, and every post without a good solution (none, wrong,
 * expired, used before on either instance) held as spam with its reason, answered like a success.
 */

describe.each(dbKinds())("proof of work on public forms, two instances on %s", (kind) => {
  let a: TestServer;
  let b: TestServer;
  let adminCookie: string;

  beforeAll(async () => {
    const env = {
      TRUST_PROXY: "1",
      CONTACT_MIN_SUBMIT_SECONDS: "0",
      CONTACT_RATE_LIMIT: "100",
      FORM_PROOF_MAX_NUMBER: "5000",
    };
    ({ server: a, adminCookie } = await startStaffServer(kind, env));
    b = await startTestServer({ db: kind, env, sharedDatabase: a.database });
    const created = await apiCall(a, "POST", "/api/admin/forms", adminCookie, everyTypeForm("partners"));
    expect(created.status).toBe(201);
  }, 90_000);
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  const db = () => a.database.db;
  const post = (instance: TestServer, path: string, body: FormData) =>
    fetch(`${instance.url}${path}`, { method: "POST", body, headers: { "X-Forwarded-For": newIp() } });
  const submissionOf = (email: string) =>
    db().selectFrom("submissions").selectAll().where("email", "=", email).orderBy("created_at").execute();
  const fetchChallenge = async (instance: TestServer, ip = "192.0.2.10") => {
    const res = await fetch(`${instance.url}/api/form-proof`, { headers: { "X-Forwarded-For": ip } });
    return res;
  };

  it("hands out a signed challenge of the configured difficulty, never cached; solved, the post is a normal submission", async () => {
    const res = await fetchChallenge(a);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const challenge = (await res.json()) as FormChallenge;
    expect(challenge).toMatchObject({ algorithm: "SHA-256", maxNumber: 5000 });
    expect(challenge.salt).toMatch(/\?expires=\d+$/);
    const number = solveChallenge(challenge);
    expect(number).not.toBeNull();
    const { algorithm, challenge: hash, salt, signature } = challenge;
    const solution = encodeSolution({ algorithm, challenge: hash, number: number!, salt, signature });

    // Issued by one instance, posted to the other.
    const sent = await post(b, "/contact", leadForm({ email: "solved@proof.example", formProof: solution }));
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Your request is in");
    const [stored] = await submissionOf("solved@proof.example");
    expect(stored).toMatchObject({ spam_reason: null });
    expect(Boolean(stored!.spam)).toBe(false);
    expect(stored!.contact_id).not.toBeNull();
  });

  it("holds a post without a solution as spam with its reason, answered with the normal confirmation", async () => {
    for (const [email, value, reason] of [
      ["none@proof.example", null, "no-proof"],
      ["wrong@proof.example", "bm90IGEgc29sdXRpb24=", "proof-invalid"],
      ["expired@proof.example", formProof({ expiresInMs: -1000 }), "proof-expired"],
    ] as const) {
      const res = await post(a, "/forms/partners", partnerAnswers({ email, formProof: value }));
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Our partnerships team will reply this week.");
      const rows = await submissionOf(email);
      expect(rows, email).toHaveLength(1);
      expect(rows[0]).toMatchObject({ spam_reason: reason, contact_id: null, notify_status: "held" });
      expect(Boolean(rows[0]!.spam)).toBe(true);
    }
  });

  it("keeps a held Free Analysis post whole, its statement too; restored, its contact has the file", async () => {
    const email = "no-script@proof.example";
    const statement = { name: "may-statement.pdf", type: "application/pdf", bytes: samplePdf() };
    const res = await post(a, "/contact", leadForm({ email, formProof: null }, statement));
    expect(res.status).toBe(200);
    const [held] = await submissionOf(email);
    expect(held).toMatchObject({ spam_reason: "no-proof", contact_id: null, notify_status: "held" });
    const files = await db()
      .selectFrom("submission_files")
      .select("file_id")
      .where("submission_id", "=", held!.id)
      .execute();
    expect(files).toHaveLength(1);
    const jobs = await db().selectFrom("jobs").select("key").where("key", "like", `%${held!.id}%`).execute();
    expect(jobs).toEqual([]); // no staff e-mail, auto-reply or reminder while it is held

    const restored = await apiCall(
      a,
      "PATCH",
      `/api/admin/forms/${held!.form_id}/submissions/${held!.id}`,
      adminCookie,
      {
        spam: false,
      },
    );
    expect(restored.status).toBe(200);
    const [row] = await submissionOf(email);
    expect(row!.contact_id).not.toBeNull();
    expect((await contactFiles(db(), row!.contact_id!)).map((f) => f.filename)).toEqual(["may-statement.pdf"]);
  });

  it("shows field errors to a post without a solution (a visitor without JavaScript), storing nothing", async () => {
    const res = await post(a, "/contact", leadForm({ email: "not-an-address", formProof: null }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please enter a valid e-mail address");
    expect(await submissionOf("not-an-address")).toEqual([]);
  });

  it("accepts a solution once: replayed on the same or the other instance, the post is held as spam", async () => {
    const solution = formProof();
    const first = await post(a, "/contact", leadForm({ email: "first@replay.example", formProof: solution }));
    const again = await post(a, "/contact", leadForm({ email: "again@replay.example", formProof: solution }));
    const other = await post(
      b,
      "/forms/partners",
      partnerAnswers({ email: "other@replay.example", formProof: solution }),
    );
    expect([first.status, again.status, other.status]).toEqual([200, 200, 200]);
    const reasons = async (email: string) => (await submissionOf(email)).map((r) => r.spam_reason);
    expect(await reasons("first@replay.example")).toEqual([null]);
    expect(await reasons("again@replay.example")).toEqual(["proof-reused"]);
    expect(await reasons("other@replay.example")).toEqual(["proof-reused"]);
  });

  it("lets exactly one of two posts of the same solution through when both instances get it at once", async () => {
    for (let round = 0; round < 3; round++) {
      const solution = formProof();
      const emails = [`a${round}@race.example`, `b${round}@race.example`] as const;
      const answers = await Promise.all([
        post(a, "/contact", leadForm({ email: emails[0], formProof: solution })),
        post(b, "/contact", leadForm({ email: emails[1], formProof: solution })),
      ]);
      // Both visitors are answered with the confirmation (one lead, one held for review).
      for (const res of answers) expect(res.status, await res.clone().text()).toBe(200);
      const rows = [...(await submissionOf(emails[0])), ...(await submissionOf(emails[1]))];
      expect(rows.map((r) => r.spam_reason).sort()).toEqual([null, "proof-reused"].sort());
    }
  });

  it("purges the used solutions whose challenge has expired, and only those", async () => {
    const now = Date.now();
    await db()
      .insertInto("form_proofs_used")
      .values([
        { signature: "e".repeat(64), expires_at: now - 1000 },
        { signature: "f".repeat(64), expires_at: now + 60_000 },
      ])
      .execute();
    expect(await purgeUsedProofs(db(), now)).toBeGreaterThanOrEqual(1);
    const left = (await db().selectFrom("form_proofs_used").select(["signature", "expires_at"]).execute()).map(
      (r) => r.signature,
    );
    expect(left).toContain("f".repeat(64));
    expect(left).not.toContain("e".repeat(64));
    for (const row of await db().selectFrom("form_proofs_used").select("expires_at").execute())
      expect(Number(row.expires_at)).toBeGreaterThan(now);
  });

  it("rate-limits the challenges per address, across both instances", async () => {
    const ip = "192.0.2.99";
    const statuses: number[] = [];
    for (let i = 0; i < FORM_PROOF_RATE_LIMIT + 1; i++) statuses.push((await fetchChallenge(i % 2 ? b : a, ip)).status);
    expect(statuses.slice(0, FORM_PROOF_RATE_LIMIT).every((s) => s === 200)).toBe(true);
    const over = await fetchChallenge(b, ip);
    expect(statuses[FORM_PROOF_RATE_LIMIT]).toBe(429);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held up.
    expect((await fetchChallenge(a, "192.0.2.100")).status).toBe(200);
  });
});
