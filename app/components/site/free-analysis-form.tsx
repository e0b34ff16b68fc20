import { useLocation } from "react-router";
import type { PublicForm } from "@common/forms";
import { MONTHLY_VOLUMES, PAYMENT_METHODS, type CalculatorPrefill, type LeadSource } from "@common/lead";
import { LEAD_LIMITS } from "@common/limits";
import type { FormValues } from "@common/result";
import { LeadConfirmation } from "./lead-confirmation";
import { PublicFormView, type PublicFormLayout, type PublicFormResult } from "./public-form";

/**
 * The Free Analysis form on /contact: the seeded definition through the one public form
 * renderer (PublicFormView), in the page's own layout. The first eight fields in two columns
 * with autofill hints, the choices posting their values (the lead schema reads those), the
 * fields staff added after the message, then the statement and the consent; the savings
 * calculator's figures ride along in hidden inputs; once sent, the confirmation.
 */
const LAYOUT: PublicFormLayout = {
  idPrefix: "lead",
  summaryId: "lead-form-error",
  note: "It takes about a minute.",
  looks: {
    name: { autoComplete: "name", maxLength: LEAD_LIMITS.name },
    businessName: { autoComplete: "organization", maxLength: LEAD_LIMITS.businessName },
    website: { inputMode: "url", autoComplete: "url", maxLength: LEAD_LIMITS.website, placeholder: "example.com" },
    monthlyVolume: { choices: MONTHLY_VOLUMES, prompt: "Choose a range" },
    currentProcessor: { maxLength: LEAD_LIMITS.currentProcessor },
    paymentMethods: { choices: PAYMENT_METHODS, columns: 3 },
    message: {
      hint: `Up to ${LEAD_LIMITS.message.toLocaleString("en-US")} characters.`,
      maxLength: LEAD_LIMITS.message,
    },
  },
  arrange: ({ field, rest }) => (
    <>
      <div className="grid gap-6 sm:grid-cols-2">
        {field("name")}
        {field("businessName")}
        {field("email")}
        {field("phone")}
        {field("website")}
        {field("monthlyVolume")}
        {field("averageTicket")}
        {field("currentProcessor")}
      </div>
      {field("paymentMethods")}
      {field("message")}
      {rest()}
      {field("statement")}
      {field("consent")}
    </>
  ),
  send: {
    label: "Get my free analysis",
    sendingLabel: "Sending your request…",
    sendingStatus: "Sending your request, please wait.",
  },
  sent: ({ data }) => (
    <LeadConfirmation
      name={data?.name || "there"}
      statement={Boolean(data?.filesStored.includes("statement"))}
      statementRefused={data?.filesRefused.includes("statement")}
      reference={data?.reference}
    />
  ),
};

/** Where the visitor came from (`?from=calculator`) and the calculator's figures, posted with the form. */
function CalculatorInputs({ source, calculator }: { source: LeadSource; calculator?: CalculatorPrefill }) {
  const figure = (name: string, value: number | undefined) =>
    value ? <input type="hidden" name={name} value={String(value)} readOnly /> : null;
  return (
    <>
      <input type="hidden" name="source" value={source} readOnly />
      {figure("calcVolume", calculator?.volume)}
      {figure("calcTransactions", calculator?.transactions)}
      {figure("calcFees", calculator?.fees)}
    </>
  );
}

export function FreeAnalysisForm({
  form,
  token,
  prefill,
  documentResult,
}: {
  form: PublicForm;
  token: string;
  prefill: { source: LeadSource; calculator?: CalculatorPrefill; values: FormValues };
  documentResult?: PublicFormResult;
}) {
  // Keep ?from=calculator… on the post so the answer page keeps its pre-fill context.
  const action = `/contact${useLocation().search}`;
  return (
    <PublicFormView
      form={form}
      token={token}
      documentResult={documentResult}
      initialValues={prefill.values}
      layout={{
        ...LAYOUT,
        action,
        hidden: <CalculatorInputs source={prefill.source} calculator={prefill.calculator} />,
      }}
    />
  );
}
