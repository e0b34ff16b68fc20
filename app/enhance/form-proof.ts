/**
 * The public forms' proof of work in the browser (decision 0051). app/enhance/forms.ts loads
 * this module when the visitor first moves into a form (not with the page: decision 0009);
 * it fetches a challenge (GET /api/form-proof) and solves it in a Web Worker while the visitor
 * types. On submit the solution goes into the hidden `formProof` field; a post without one is
 * still sent, and the server holds it as spam for staff to review.
 */
import {
  encodeSolution,
  FORM_PROOF_FIELD,
  proofExpiresAt,
  solveChallenge,
  type FormChallenge,
} from "@common/form-proof";

/** A solution this close to its challenge's expiry is not posted: a new one is solved instead. */
const FRESH_FOR_MS = 60_000;

interface Pending {
  expiresAt: number;
  solution: Promise<Solved | undefined>;
}

const pending = new WeakMap<HTMLFormElement, Pending>();

async function fetchChallenge(): Promise<FormChallenge | undefined> {
  try {
    const res = await fetch("/api/form-proof", { headers: { accept: "application/json" }, cache: "no-store" });
    if (!res.ok) return undefined;
    const body = (await res.json()) as Partial<FormChallenge>;
    const ok =
      body.algorithm === "SHA-256" &&
      typeof body.challenge === "string" &&
      typeof body.salt === "string" &&
      typeof body.signature === "string" &&
      typeof body.maxNumber === "number";
    return ok ? (body as FormChallenge) : undefined;
  } catch {
    return undefined;
  }
}

/** The number that solves the challenge: in a worker, or here when no worker can be started. */
function solve(challenge: FormChallenge): Promise<number | null> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL("./form-proof-worker.ts", import.meta.url), { type: "module" });
    } catch {
      resolve(solveChallenge(challenge));
      return;
    }
    worker.addEventListener("message", (event: MessageEvent<number | null>) => {
      worker.terminate();
      resolve(event.data);
    });
    worker.addEventListener("error", () => {
      worker.terminate();
      resolve(solveChallenge(challenge));
    });
    worker.postMessage(challenge);
  });
}

interface Solved {
  encoded: string;
  expiresAt: number;
}

async function solution(): Promise<Solved | undefined> {
  const challenge = await fetchChallenge();
  if (!challenge) return undefined;
  const number = await solve(challenge);
  if (number === null) return undefined;
  const { algorithm, challenge: hash, salt, signature } = challenge;
  return {
    encoded: encodeSolution({ algorithm, challenge: hash, number, salt, signature }),
    expiresAt: proofExpiresAt(salt) ?? 0,
  };
}

/** Starts solving a challenge for the form, unless one is under way or solved and still fresh. */
export function prepareProof(form: HTMLFormElement): Promise<Solved | undefined> {
  const known = pending.get(form);
  if (known && known.expiresAt - Date.now() > FRESH_FOR_MS) return known.solution;
  // Until it is solved, the one under way counts as fresh; then its challenge's expiry stands.
  const next: Pending = { expiresAt: Infinity, solution: solution() };
  pending.set(form, next);
  void next.solution.then((solved) => {
    if (solved) next.expiresAt = solved.expiresAt;
    else if (pending.get(form) === next) pending.delete(form);
  });
  return next.solution;
}

/**
 * Puts a solution into the form's hidden field before it is sent, waiting for the one under
 * way (or solving one now) for at most `waitMs`; without one the field stays empty. A
 * solution is good once: it is taken off the form as it goes.
 */
export async function addProof(form: HTMLFormElement, waitMs: number): Promise<void> {
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), waitMs));
  const solved = await Promise.race([prepareProof(form), timeout]);
  pending.delete(form);
  let input = form.querySelector<HTMLInputElement>(`input[name="${FORM_PROOF_FIELD}"]`);
  if (!input) {
    input = document.createElement("input");
    input.type = "hidden";
    input.name = FORM_PROOF_FIELD;
    form.append(input);
  }
  // A stale one (the visitor took longer than its challenge lasts) is replaced as well.
  input.value = solved && solved.expiresAt > Date.now() ? solved.encoded : "";
}
