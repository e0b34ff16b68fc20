import crypto from "node:crypto";
import { sql, type Selectable, type SqlBool } from "kysely";
import type { DB } from "../db";
import type { JobsTable } from "../db/schema";
import { containsPattern, isPostgres } from "../db/dialect";
import { log } from "../logger";

/**
 * Background work, claimed from the `jobs` table (migration 0022). Every instance runs the
 * same runner; a job is claimed by one of them at a time, in one atomic update that sets a
 * lease (`claimed_until`), so a notification is sent once however many instances there are.
 * A job whose instance died is claimed again when its lease runs out.
 *
 * Use:
 *   registerJob("form.notify", async ({ submissionId }) => { ... }, { maxAttempts: 6, backoffMs: 300_000 });
 *   await enqueueJob(trx, "form.notify", { submissionId }, { key: `form.notify:${submissionId}` });
 *   kickJobs(); // after the commit: run it now rather than at the next tick
 *
 * A handler throws to fail an attempt: the job runs again after backoffMs * 2^(attempt-1),
 * until maxAttempts, then it is marked failed (its last error kept). Handlers must tolerate
 * running again after a crash mid-way (at-least-once), e.g. by checking what they already did.
 */

export interface JobOptions {
  /** Attempts before the job is marked failed (default 5). */
  maxAttempts?: number;
  /** Wait before the second attempt; doubles per attempt (default 60 s). */
  backoffMs?: number;
  /** How long a claim lasts before another instance may take the job (default 5 minutes). */
  leaseMs?: number;
}

type Handler = (payload: unknown, job: { id: string; attempt: number; db: DB }) => Promise<void>;

const handlers = new Map<string, { run: Handler; options: Required<JobOptions> }>();

export function registerJob<P>(
  kind: string,
  run: (payload: P, job: { id: string; attempt: number; db: DB }) => Promise<void>,
  options: JobOptions = {},
): void {
  handlers.set(kind, {
    run: run as Handler,
    options: {
      maxAttempts: options.maxAttempts ?? 5,
      backoffMs: options.backoffMs ?? 60_000,
      leaseMs: options.leaseMs ?? 300_000,
    },
  });
}

/**
 * Adds a job (pass a transaction to enqueue it with the rows it is about). With `key`, a
 * second enqueue of the same key is ignored. Returns the job id, or null when the key existed.
 */
export async function enqueueJob(
  db: DB,
  kind: string,
  payload: unknown,
  options: { key?: string; runAt?: Date; maxAttempts?: number } = {},
): Promise<string | null> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const result = await db
    .insertInto("jobs")
    .values({
      id,
      kind,
      key: options.key ?? null,
      payload: JSON.stringify(payload ?? null),
      run_at: (options.runAt ?? new Date()).toISOString(),
      attempts: 0,
      max_attempts: options.maxAttempts ?? handlers.get(kind)?.options.maxAttempts ?? 5,
      created_at: now,
    })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 1) > 0 ? id : null;
}

type ClaimedJob = Pick<Selectable<JobsTable>, "id" | "kind" | "payload" | "attempts" | "max_attempts">;

/** Claims the next due job for this instance, or undefined when none is due. */
export async function claimNextJob(
  db: DB,
  now = new Date(),
  kinds = [...handlers.keys()],
): Promise<ClaimedJob | undefined> {
  if (!kinds.length) return undefined;
  const nowIso = now.toISOString();
  const leaseMs = Math.max(...kinds.map((k) => handlers.get(k)?.options.leaseMs ?? 300_000));
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const due = db
    .selectFrom("jobs")
    .select("id")
    .where("done_at", "is", null)
    .where("failed_at", "is", null)
    .where("kind", "in", kinds)
    .where("run_at", "<=", nowIso)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", nowIso)]))
    .orderBy("run_at")
    .limit(1);
  // PostgreSQL: skip rows another instance is claiming right now; the update re-checks the lease.
  const pick = isPostgres(db) ? due.forUpdate().skipLocked() : due;
  return db
    .updateTable("jobs")
    .set({ claimed_until: until, attempts: sql<number>`attempts + 1` })
    .where("id", "=", (eb) => eb.selectFrom(pick.as("due")).select("due.id"))
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", nowIso)]))
    .returning(["id", "kind", "payload", "attempts", "max_attempts"])
    .executeTakeFirst();
}

/** Runs one claimed job and records the outcome. */
async function runJob(db: DB, job: ClaimedJob): Promise<"done" | "retry" | "failed"> {
  const handler = handlers.get(job.kind);
  try {
    if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
    await handler.run(JSON.parse(job.payload), { id: job.id, attempt: job.attempts, db });
    await db
      .updateTable("jobs")
      .set({ done_at: new Date().toISOString(), claimed_until: null, last_error: null })
      .where("id", "=", job.id)
      .execute();
    return "done";
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    const gaveUp = job.attempts >= job.max_attempts;
    const backoff = (handler?.options.backoffMs ?? 60_000) * 2 ** (job.attempts - 1);
    await db
      .updateTable("jobs")
      .set(
        gaveUp
          ? { failed_at: new Date().toISOString(), claimed_until: null, last_error: message }
          : { run_at: new Date(Date.now() + backoff).toISOString(), claimed_until: null, last_error: message },
      )
      .where("id", "=", job.id)
      .execute();
    log.warn(gaveUp ? "job failed; giving up" : "job failed; will retry", {
      jobId: job.id,
      kind: job.kind,
      attempt: job.attempts,
      err,
    });
    return gaveUp ? "failed" : "retry";
  }
}

/** Claims and runs due jobs until none is due (at most `limit`). Returns how many ran. */
export async function runDueJobs(db: DB, options: { limit?: number; now?: () => Date } = {}): Promise<number> {
  let ran = 0;
  const limit = options.limit ?? 50;
  while (ran < limit) {
    const job = await claimNextJob(db, options.now?.() ?? new Date());
    if (!job) break;
    await runJob(db, job);
    ran += 1;
  }
  return ran;
}

let kick: (() => void) | undefined;

/** Asks this instance's runner to look for due jobs now (e.g. right after an enqueue commits). */
export function kickJobs(): void {
  kick?.();
}

/** Starts this instance's runner: every `intervalMs`, and on kickJobs(). Returns stop(). */
export function startJobRunner(db: DB, options: { intervalMs?: number } = {}): () => void {
  let running = false;
  let again = false;
  const tick = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    runDueJobs(db)
      .catch((err) => log.error("job runner failed", { err }))
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, options.intervalMs ?? 5_000);
  timer.unref();
  kick = tick;
  tick();
  return () => {
    clearInterval(timer);
    if (kick === tick) kick = undefined;
  };
}

/**
 * Deletes the jobs whose payload or last error names this text (a person's e-mail address, on
 * erasure: a mail server's refusal may quote it), in the caller's transaction. Returns how many.
 */
export async function deleteJobsNaming(trx: DB, text: string): Promise<number> {
  const like = containsPattern(text);
  const result = await trx
    .deleteFrom("jobs")
    .where((eb) =>
      eb.or([
        sql<SqlBool>`lower(${sql.ref("payload")}) like ${like} escape '\\'`,
        sql<SqlBool>`lower(${sql.ref("last_error")}) like ${like} escape '\\'`,
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
