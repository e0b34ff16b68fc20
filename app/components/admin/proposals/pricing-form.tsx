import { useRef } from "react";
import { pricingInputSchema } from "@common/proposals";
import { bpToInput, CARD_CHANNEL_LABELS, CARD_CHANNELS, centsToInput } from "@common/proposal-math";
import type { PricingResponse } from "@server/proposals/api";
import { useApiForm } from "~/components/admin/use-api-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { formatDateTime } from "~/lib/dates";
import { apiAction } from "~/lib/queryClient";
import { pricingKeys } from "~/lib/query-keys";

/** The pricing screen's form: Meritum's own fees, then the pass-through estimates per card channel. */
export function PricingForm({ record }: { record: PricingResponse }) {
  const ref = useRef<HTMLFormElement>(null);
  const form = useApiForm(ref, {
    schema: pricingInputSchema,
    send: () => apiAction("PUT", pricingKeys.all[0], Object.fromEntries(new FormData(ref.current!))),
    invalidate: pricingKeys.all,
    keepValues: true,
  });
  const p = record.pricing;
  const errors = form.fieldErrors;
  const input = (name: string, label: string, value: string, unit: "%" | "$") => (
    <Field
      label={`${label} (${unit === "%" ? "percent" : "dollars"})`}
      id={`pricing-${name}`}
      required
      error={errors[name]}
    >
      <Input name={name} inputMode="decimal" autoComplete="off" defaultValue={value} />
    </Field>
  );
  return (
    <form ref={ref} method="post" noValidate onSubmit={form.onSubmit} className="grid gap-6">
      {form.formError ? <Alert variant="error">{form.formError}</Alert> : null}
      <Card
        title="Meritum's fees"
        description={
          record.saved && record.updatedAt
            ? `Last saved ${formatDateTime(record.updatedAt)}.`
            : "The defaults: no admin has saved the pricing yet."
        }
      >
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          {input("markupPercent", "Markup over pass-through, of volume", bpToInput(p.markupBp), "%")}
          {input("perTransaction", "Fee per transaction", centsToInput(p.perTransactionCents), "$")}
          {input("monthlyFee", "Monthly fee", centsToInput(p.monthlyFeeCents), "$")}
        </div>
      </Card>
      <Card
        title="Estimated pass-through by card mix"
        description="Interchange plus card-network assessments, per channel. Proposals label these as estimates; when a statement shows its own pass-through, that figure is used instead."
      >
        <div className="mt-4 grid gap-6">
          {CARD_CHANNELS.map((c) => (
            <fieldset key={c} className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 font-medium text-foreground">{CARD_CHANNEL_LABELS[c]}</legend>
              {input(`${c}Percent`, "Percentage of volume", bpToInput(p.passThrough[c].bp), "%")}
              {input(`${c}PerItem`, "Per transaction", centsToInput(p.passThrough[c].cents), "$")}
            </fieldset>
          ))}
        </div>
      </Card>
      <Button type="submit" disabled={form.pending} className="justify-self-start">
        {form.pending ? "Saving..." : "Save pricing"}
      </Button>
    </form>
  );
}
