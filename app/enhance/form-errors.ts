import { dataAttr, dataSelector } from "./data-attributes";
/** Field name → the sentence to show beside that field (common/result.ts's FieldErrors). */
export type FieldErrors = Record<string, string>;

/** A form's controls posted under `name`, in document order (hidden inputs are not shown). */
function controlsNamed(form: HTMLFormElement, name: string): HTMLElement[] {
  return [...form.querySelectorAll<HTMLElement>(`[name="${CSS.escape(name)}"]`)].filter(
    (el) => el.getAttribute("type") !== "hidden" && !el.closest("[aria-hidden='true']"),
  );
}

/** Adds or removes `id` in an element's aria-describedby, after the field's hint as Field orders them. */
function describe(el: Element, id: string, on: boolean) {
  const ids = (el.getAttribute("aria-describedby") ?? "").split(/\s+/).filter((t) => t && t !== id);
  if (on) ids.splice(ids.indexOf(id.replace(/-error$/, "-hint")) + 1, 0, id);
  if (ids.length) el.setAttribute("aria-describedby", ids.join(" "));
  else el.removeAttribute("aria-describedby");
}

/**
 * Shows or clears one field's error the way the server renders it (app/components/ui/field.tsx
 * inside FieldErrorSlots): the sentence in the field's error element, `aria-invalid` on its
 * controls, and the error in the aria-describedby of the control (a Field) or of the fieldset
 * (a FieldSet, whose checkboxes are only marked invalid).
 */
function setFieldError(field: HTMLElement, message: string | undefined) {
  const slot = field.querySelector<HTMLElement>(`:scope > ${dataSelector(dataAttr.errorSlot)}`);
  if (!slot) return;
  const text = slot.lastElementChild;
  if (text) text.textContent = message ?? "";
  slot.hidden = !message;
  const controls = [...field.querySelectorAll("input:not([type=hidden]), select, textarea")];
  for (const el of field.getAttribute(dataAttr.field) === "group" ? [field] : controls)
    describe(el, slot.id, Boolean(message));
  for (const el of controls) {
    if (message) el.setAttribute("aria-invalid", "true");
    else el.removeAttribute("aria-invalid");
  }
}

/**
 * The error summary from the form's template (FormCheckData): the sentence, then a link to each
 * field in error, in place of the summary the page may already show.
 */
function showSummary(form: HTMLFormElement, links: Array<{ target: HTMLElement; text: string }>) {
  const template = form.querySelector(`template${dataSelector(dataAttr.errorSummaryTemplate)}`);
  const summary = template instanceof HTMLTemplateElement ? template.content.firstElementChild : null;
  if (!(summary instanceof HTMLElement)) return undefined;
  const shown = summary.cloneNode(true) as HTMLElement;
  const pattern = shown.querySelector("li");
  for (const link of links) {
    const item = pattern?.cloneNode(true) as HTMLElement | undefined;
    const anchor = item?.querySelector("a");
    if (!item || !anchor) break;
    anchor.setAttribute("href", `#${link.target.id}`);
    anchor.textContent = link.text;
    pattern!.before(item);
  }
  pattern?.remove();
  const current = form.querySelector(dataSelector(dataAttr.errorSummary));
  if (current) current.replaceWith(shown);
  else form.prepend(shown);
  form.setAttribute("aria-describedby", shown.id);
  return shown;
}

/**
 * Shows the browser's own check's errors as the page that answers a post would: the summary,
 * each message beside its field, the values and the chosen files untouched. The check is the
 * newest answer, so errors the page showed before are cleared first. Focus moves to the first
 * field in error, else to the summary (as the JavaScript forms did before decision 0037).
 */
export function showFormErrors(form: HTMLFormElement, errors: FieldErrors): void {
  for (const field of form.querySelectorAll<HTMLElement>(dataSelector(dataAttr.field))) setFieldError(field, undefined);
  const inError: Array<{ target: HTMLElement; text: string }> = [];
  for (const [name, text] of Object.entries(errors)) {
    const target = controlsNamed(form, name)[0];
    const field = target?.closest<HTMLElement>(dataSelector(dataAttr.field));
    if (!target || !field) continue;
    setFieldError(field, text);
    inError.push({ target, text });
  }
  inError.sort((a, b) => (a.target.compareDocumentPosition(b.target) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const summary = showSummary(form, inError);
  (inError[0]?.target ?? summary)?.focus();
}
