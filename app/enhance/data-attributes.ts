/**
 * The data-* attributes by which `app/enhance` finds and reads what public components render
 * (decision 0037). Components set them with `dataProps(...)` (`app/lib/data-props.ts`); scripts find them with
 * `dataSelector(...)` and read them with `getAttribute(...)`. One list both sides import, so a name
 * changed on one side fails the type check on the other. Attributes a script sets only for itself
 * (a toast's `data-state`, the placeholder's `data-page-loading`) stay in that script.
 */
export const dataAttr = {
  /** `<html>`, once the site's scripts have run (tests wait for it). */
  enhanced: "data-enhanced",
  // The top navigation and the phone drawer.
  disclosureNav: "data-disclosure-nav",
  navTrigger: "data-nav-trigger",
  drawerOpen: "data-drawer-open",
  drawerClose: "data-drawer-close",
  // Accordions: "single" or "multiple" open answers; items and triggers carry "open" / "closed".
  accordion: "data-accordion",
  accordionItem: "data-accordion-item",
  accordionTrigger: "data-accordion-trigger",
  state: "data-state",
  // Notifications and the copy-link button.
  toaster: "data-toaster",
  toastCloseIcon: "data-toast-close-icon",
  copyLink: "data-copy-link",
  // Public forms: "lead" or "answers".
  publicForm: "data-public-form",
  formFields: "data-form-fields",
  /** "rendered" or "answered" (a post with errors answered it). */
  formToken: "data-form-token",
  /** A field's wrapper, "control" or "group", and its error slot. */
  field: "data-field",
  errorSlot: "data-error-slot",
  errorSummary: "data-error-summary",
  errorSummaryTemplate: "data-error-summary-template",
  sendingLabel: "data-sending-label",
  sendingStatus: "data-sending-status",
  // The savings calculator.
  savingsCalculator: "data-savings-calculator",
  interchangePercent: "data-interchange-percent",
  markupPercent: "data-markup-percent",
  perTransactionFee: "data-per-transaction-fee",
  monthlyFee: "data-monthly-fee",
  calculatorHint: "data-calculator-hint",
  calculatorError: "data-calculator-error",
  calculatorResult: "data-calculator-result",
  calculatorState: "data-calculator-state",
  calculatorFigure: "data-calculator-figure",
  calculatorLink: "data-calculator-link",
} as const;

export type DataAttr = (typeof dataAttr)[keyof typeof dataAttr];

/** The CSS selector of elements that have `name`, or (given `value`) have it set to `value`: `[data-toaster]`. */
export function dataSelector(name: DataAttr, value?: string): string {
  return value === undefined ? `[${name}]` : `[${name}="${value}"]`;
}
