import type { FormField } from "@common/forms";
import { checkStatement } from "@common/lead";
import { showFormErrors, type FieldErrors } from "./form-errors";
import { onLoadStopped } from "./load-stopped";
import { loadFormChecks } from "./load-form-checks";
import { dataAttr, dataSelector } from "./data-attributes";

/**
 * The proof of work (form-proof.ts, decision 0051), loaded with the checks: when the visitor
 * first moves into the form. Null when it cannot be loaded: the form is then sent without a
 * solution, and the server holds the post for staff to review.
 */
const loadFormProof = () => import("./form-proof").catch(() => null);
/** How long a send waits for the solution under way (well under a second on a phone). */
const PROOF_WAIT_MS = 10_000;

/** The definitions of the fields the answer checks read, from the form's JSON data block (FormCheckData). */
function fieldsOf(form: HTMLFormElement): FormField[] {
  try {
    const parsed: unknown = JSON.parse(
      form.querySelector(`script${dataSelector(dataAttr.formFields)}`)?.textContent ?? "[]",
    );
    return Array.isArray(parsed) ? (parsed as FormField[]) : [];
  } catch {
    return [];
  }
}

/**
 * What the server would refuse in this post, as far as the browser can tell: the Free Analysis
 * schema (the lead form), the fields' answer checks, and the statement's size and type by its
 * first bytes. Without the checks module (it could not load) only the statement is checked,
 * and the server's check answers the rest.
 */
async function errorsIn(form: HTMLFormElement, fields: readonly FormField[], lead: boolean): Promise<FieldErrors> {
  const data = new FormData(form);
  const found: FieldErrors = {};
  const checks = await loadFormChecks();
  if (checks) {
    if (lead) {
      const checked = checks.validateLeadForm(data);
      if (!checked.ok) Object.assign(found, checked.fieldErrors);
    }
    const answers = checks.validateAnswers(fields, checks.formDataReader(data));
    if (!answers.ok) Object.assign(found, answers.fieldErrors);
  }
  const file = lead ? data.get("statement") : null;
  if (file instanceof File && file.size > 0) {
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    const statement = checkStatement(file.size, head);
    if ("error" in statement) found.statement = statement.error;
  }
  return found;
}

/** The send button and the status under it (SendButton) say the post is under way, or are back at rest. */
function showSending(form: HTMLFormElement, sending: boolean) {
  const button = form.querySelector<HTMLButtonElement>(`button${dataSelector(dataAttr.sendingLabel)}`);
  if (button) {
    button.dataset.label ??= button.textContent ?? "";
    button.textContent = (sending ? button.getAttribute(dataAttr.sendingLabel) : button.dataset.label) ?? "";
    button.disabled = sending;
    if (sending) button.setAttribute("aria-disabled", "true");
    else button.removeAttribute("aria-disabled");
  }
  const status = form.querySelector<HTMLElement>(dataSelector(dataAttr.sendingStatus));
  if (status) status.textContent = sending ? (status.getAttribute(dataAttr.sendingStatus) ?? "") : "";
}

/**
 * The page that answers the post is this page again, not another one: it comes without the
 * 0.2 s page transition (app.css). Chromium does not apply `autofocus` in a page reached through
 * a cross-document view transition, and the answer page focuses the first field in error, or
 * the confirmation, with it. (Without JavaScript, NoPageTransitionWithoutScripts does this.)
 */
function skipPageTransition() {
  window.addEventListener("pageswap", (event) => event.viewTransition?.skipTransition(), { once: true });
}

function enhanceForm(form: HTMLFormElement) {
  const fields = fieldsOf(form);
  const lead = form.getAttribute(dataAttr.publicForm) === "lead";
  // The checks carry the schema library, and the proof of work a challenge to solve: they load
  // when the visitor first moves into the form, and the solving starts then.
  const firstUse = () => {
    void loadFormChecks();
    void loadFormProof().then((proof) => proof?.prepareProof(form));
  };
  form.addEventListener("focusin", firstUse, { once: true });
  // The answer page of a post with errors focuses the first field in error (autofocus) before
  // this script runs: the visitor is in the form already.
  if (document.activeElement && form.contains(document.activeElement)) firstUse();
  let busy = false;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    // A second press while the checks run or the post is under way does nothing.
    if (busy) return;
    busy = true;
    void errorsIn(form, fields, lead)
      .catch((): FieldErrors => ({}))
      .then((errors) => {
        if (Object.keys(errors).length) {
          busy = false;
          showFormErrors(form, errors);
          return;
        }
        showSending(form, true);
        // The solution goes into its hidden field: at once when it is ready, else when it is.
        return loadFormProof()
          .then((proof) => proof?.addProof(form, PROOF_WAIT_MS))
          .catch(() => undefined)
          .then(() => {
            skipPageTransition();
            // A document post, without the submit event again; the answer page replaces this one.
            HTMLFormElement.prototype.submit.call(form);
          });
      });
  });
  // The post was stopped (the stop button, Escape), or this page is back from the back/forward
  // cache: the form can be sent again.
  onLoadStopped(() => {
    if (!busy) return;
    busy = false;
    showSending(form, false);
  });
}

/**
 * The public forms (the Free Analysis form on /contact, every form on /forms/<slug>) post as
 * documents, and the page that answers shows the errors or the confirmation (decision 0037).
 * Before a post leaves, the browser runs the same checks as the server and shows what fails in
 * place, so nothing typed and no chosen file is lost to a typo; when all pass (or the checks
 * cannot load), the browser puts the proof of work into its hidden field (form-proof.ts,
 * decision 0051), posts the form and the button says it is sending.
 */
export function enhanceForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>(`form${dataSelector(dataAttr.publicForm)}`))
    enhanceForm(form);
}
