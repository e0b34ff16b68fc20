import { useRef, useState, type FormEvent } from "react";
import { reviewInputSchema, statementFigures, type ReviewInput } from "@common/proposals";
import {
  BREAKDOWN_LABELS,
  BREAKDOWN_LINES,
  bpToInput,
  centsToInput,
  computeProposal,
  type Pricing,
} from "@common/proposal-math";
import type { SendProposalResponse } from "@server/proposals/api";
import { ConfirmDialog } from "~/components/admin/confirm-action";
import { useApiForm } from "~/components/admin/use-api-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { apiAction } from "~/lib/queryClient";
import { contactsKeys, proposalsKeys } from "~/lib/query-keys";
import { WorksheetResults } from "./worksheet-results";

type Values = Record<string, string>;

/** The worksheet's inputs as typed, from the latest saved review (or blank, last month preselected). */
export function initialValues(latest: ReviewInput | null): Values {
  if (!latest) {
    const d = new Date();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - 1);
    return { statementMonth: d.toISOString().slice(0, 7) };
  }
  const values: Values = {
    statementMonth: latest.statementMonth,
    volume: centsToInput(latest.volume),
    transactions: String(latest.transactions),
    fees: centsToInput(latest.fees),
    mixInPerson: bpToInput(latest.mixInPerson),
    mixKeyed: bpToInput(latest.mixKeyed),
    mixOnline: bpToInput(latest.mixOnline),
  };
  for (const line of BREAKDOWN_LINES) values[line] = centsToInput(latest[line]);
  return values;
}

/**
 * The statement review worksheet: the figures (required, then the optional lines and card
 * mix), live results computed in the browser with the same module the server uses, and two
 * actions: save the review, or save it and send the proposal (a proposal without a saving
 * asks first). The API gets the fields as typed; it parses and computes again itself.
 */
export function WorksheetForm(props: {
  contactId: string;
  email: string;
  pricing: Pricing;
  initial: Values;
  statementId: string | null;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(props.initial);
  const [confirming, setConfirming] = useState(false);
  /** Set by the dialog's "Send anyway" for the one request it starts. */
  const confirmedNoSaving = useRef(false);
  const base = proposalsKeys.contact(props.contactId).join("/");
  const raw = (extra: Record<string, unknown> = {}) => ({
    ...Object.fromEntries(new FormData(ref.current!)),
    statementId: props.statementId,
    ...extra,
  });
  const invalidate = contactsKeys.all;
  const save = useApiForm(ref, {
    schema: reviewInputSchema,
    send: () => apiAction("POST", `${base}/reviews`, raw()),
    invalidate,
    keepValues: true,
  });
  const send = useApiForm<ReviewInput, SendProposalResponse>(ref, {
    schema: reviewInputSchema,
    send: () =>
      apiAction<SendProposalResponse>("POST", `${base}/send`, raw({ confirmNoSaving: confirmedNoSaving.current })),
    confirm: (v) => {
      confirmedNoSaving.current = false;
      if (computeProposal(statementFigures(v), props.pricing).outcome === "no-saving") setConfirming(true);
      else send.send(v);
    },
    invalidate,
    keepValues: true,
  });
  const parsed = reviewInputSchema.safeParse(values);
  const figures = parsed.success ? computeProposal(statementFigures(parsed.data), props.pricing) : null;
  const errors = { ...save.fieldErrors, ...send.fieldErrors };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("value") === "send") send.onSubmit(event);
    else save.onSubmit(event);
  };
  const money = (name: string, label: string, required = false) => (
    <Field
      label={label}
      id={`worksheet-${name}`}
      required={required}
      mark={required ? "required" : undefined}
      error={errors[name]}
    >
      <Input
        name={name}
        inputMode="decimal"
        autoComplete="off"
        defaultValue={props.initial[name] ?? ""}
        placeholder={required ? "0.00" : undefined}
      />
    </Field>
  );
  const sent = send.result?.data;
  return (
    <form
      ref={ref}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onInput={() => setValues(Object.fromEntries(new FormData(ref.current!)) as Values)}
      className="grid gap-6"
    >
      <Card title="Statement figures" description="Required. Amounts in dollars, as the statement prints them.">
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Field
            label="Statement month"
            id="worksheet-statementMonth"
            required
            mark="required"
            error={errors.statementMonth}
          >
            <Input name="statementMonth" type="month" defaultValue={props.initial.statementMonth} />
          </Field>
          {money("volume", "Card volume ($)", true)}
          <Field label="Transactions" id="worksheet-transactions" required mark="required" error={errors.transactions}>
            <Input
              name="transactions"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={props.initial.transactions ?? ""}
            />
          </Field>
          {money("fees", "Total fees ($)", true)}
        </div>
      </Card>
      <Card
        title="Fee breakdown"
        description="Optional. Enter the pass-through line to use it instead of the estimate."
      >
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {BREAKDOWN_LINES.map((line) => money(line, `${BREAKDOWN_LABELS[line]} ($)`))}
        </div>
      </Card>
      <Card title="Card mix" description="Optional. Shares of sales, adding up to 100. Blank: all in person.">
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          {[
            ["mixInPerson", "In person (%)"],
            ["mixKeyed", "Keyed in (%)"],
            ["mixOnline", "Online (%)"],
          ].map(([name, label]) => (
            <Field key={name} label={label} id={`worksheet-${name}`} error={errors[name!]}>
              <Input name={name} inputMode="decimal" autoComplete="off" defaultValue={props.initial[name!] ?? ""} />
            </Field>
          ))}
        </div>
      </Card>
      <Card title="Results" description="Computed as you type, with the current pricing.">
        <div className="mt-4">
          {figures ? (
            <WorksheetResults figures={figures} feesCents={parsed.data!.fees} />
          ) : (
            <p className="text-sm text-muted-foreground">
              Enter the month, volume, transactions and total fees to see the results.
            </p>
          )}
        </div>
      </Card>
      <Card
        title="Proposal"
        description={`Sent by e-mail to ${props.email}. A new proposal replaces the last one sent.`}
      >
        <Field label="Note to the merchant" id="worksheet-note" mark="optional" className="mt-4" error={errors.note}>
          <Textarea name="note" rows={3} maxLength={1000} />
        </Field>
        {save.formError || send.formError ? (
          <Alert variant="error" className="mt-4">
            {send.formError ?? save.formError}
          </Alert>
        ) : null}
        {sent ? (
          <Alert variant={sent.mailed ? "success" : "warning"} className="mt-4">
            {sent.mailed ? `Proposal sent to ${props.email}.` : "The proposal was saved but the e-mail failed."} Its
            link (shown once):{" "}
            <a href={sent.url} className="break-all text-link underline">
              {sent.url}
            </a>
          </Alert>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="save" variant="secondary" disabled={save.pending || send.pending}>
            {save.pending ? "Saving..." : "Save review"}
          </Button>
          <Button type="submit" name="intent" value="send" disabled={save.pending || send.pending}>
            {send.pending ? "Sending..." : "Send proposal"}
          </Button>
        </div>
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Send a proposal that shows no saving?"
        description="By these figures the merchant would pay Meritum the same or more than today. The proposal will say so plainly."
        confirmLabel="Send anyway"
        onConfirm={() => {
          confirmedNoSaving.current = true;
          if (parsed.success) send.send(parsed.data);
        }}
      />
    </form>
  );
}
