import {
  BREAKDOWN_LABELS,
  CARD_CHANNEL_LABELS,
  formatBp,
  formatCents,
  formatShare,
  type ProposalFigures,
} from "@common/proposal-math";
import { Alert } from "~/components/ui/alert";

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 py-1 ${strong ? "border-t border-border font-semibold" : ""}`}>
      <dt className={strong ? "text-foreground" : "text-muted-foreground"}>{label}</dt>
      <dd className="text-right tabular-nums text-foreground">{value}</dd>
    </div>
  );
}

/** The worksheet's live figures: today's cost, Meritum's price for the same month, and the difference said plainly. */
export function WorksheetResults({ figures: f, feesCents }: { figures: ProposalFigures; feesCents: number }) {
  const estimate = f.passThroughSource === "estimate";
  return (
    <div className="grid gap-4 text-sm">
      <SavingsVerdict figures={f} />
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="results-today">
          <h3 id="results-today" className="font-semibold text-foreground">
            Today
          </h3>
          <dl className="mt-2">
            <Row label="Effective rate" value={formatBp(f.effectiveRateBp)} />
            <Row label="Average ticket" value={formatCents(f.averageTicketCents)} />
            {f.breakdown?.lines.map((l) => (
              <Row key={l.line} label={BREAKDOWN_LABELS[l.line]} value={formatCents(l.cents)} />
            ))}
            {f.breakdown ? <Row label="Other, not itemised" value={formatCents(f.breakdown.otherCents)} /> : null}
            <Row label="Total fees" value={formatCents(feesCents)} strong />
          </dl>
        </section>
        <section aria-labelledby="results-meritum">
          <h3 id="results-meritum" className="font-semibold text-foreground">
            With Meritum
          </h3>
          <dl className="mt-2">
            <Row
              label={estimate ? "Pass-through (estimate)" : "Pass-through (from the statement)"}
              value={formatCents(f.passThroughCents)}
            />
            <Row label="Markup" value={formatCents(f.markupCents)} />
            <Row label="Per-transaction fees" value={formatCents(f.perTransactionCents)} />
            <Row label="Monthly fee" value={formatCents(f.monthlyFeeCents)} />
            <Row label={`Total (${formatBp(f.proposedRateBp)})`} value={formatCents(f.proposedCents)} strong />
          </dl>
        </section>
      </div>
      {estimate ? (
        <p className="text-muted-foreground">
          Estimated pass-through by card mix:{" "}
          {f.channels
            .map(
              (c) =>
                `${CARD_CHANNEL_LABELS[c.channel]} ${formatShare(c.mixBp)} of sales at ${formatBp(c.rate.bp)} + ${formatCents(c.rate.cents)} = ${formatCents(c.cents)}`,
            )
            .join("; ")}
          .
        </p>
      ) : null}
    </div>
  );
}

function SavingsVerdict({ figures: f }: { figures: ProposalFigures }) {
  if (f.outcome === "saving")
    return (
      <Alert variant="success" aria-live="polite">
        <strong>
          Saves {formatCents(f.monthlySavingsCents)} a month, {formatCents(f.annualSavingsCents)} a year
        </strong>{" "}
        ({formatBp(f.savingsBp)} of today's fees).
      </Alert>
    );
  return (
    <Alert variant="warning" aria-live="polite">
      <strong>This merchant would not save with Meritum.</strong>{" "}
      {f.monthlySavingsCents === 0
        ? "Meritum would cost the same as today."
        : `Meritum would cost ${formatCents(-f.monthlySavingsCents)} more a month (${formatCents(-f.annualSavingsCents)} a year).`}{" "}
      Sending a proposal anyway asks for a confirmation.
    </Alert>
  );
}
