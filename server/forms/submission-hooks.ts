import type { Answer, FormDefinition } from "@common/forms";
import type { DB } from "../db";

/**
 * What a system form does beyond the one pipeline's store: a domain that builds on forms
 * (privacy requests) registers it by the form's system key, since forms import no domain
 * above them. `lead: false` keeps the post out of the sales side: no contact is made or
 * linked and no webhook hears of it (the submission keeps the e-mail it was sent with).
 * `stored` runs inside the transaction that stores the submission, so whatever it writes
 * (a job that e-mails after the commit) is committed with it or not at all.
 */
export interface SubmissionHook {
  lead: boolean;
  stored(trx: DB, submission: { id: string; form: FormDefinition; answers: Answer[]; email: string }): Promise<void>;
}

const hooks = new Map<string, SubmissionHook>();

export function registerSubmissionHook(systemKey: string, hook: SubmissionHook): void {
  hooks.set(systemKey, hook);
}

export function submissionHook(form: Pick<FormDefinition, "systemKey">): SubmissionHook | undefined {
  return form.systemKey ? hooks.get(form.systemKey) : undefined;
}
