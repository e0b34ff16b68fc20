import { statementMonthLabel } from "@common/proposals";
import { CARD_CHANNEL_LABELS, formatBp, formatCents, formatShare } from "@common/proposal-math";
import type { ProposalSnapshot } from "@server/proposals/proposals";

/** The assumptions behind a proposal's figures, in plain words (decision 0043). */
export function ProposalAssumptions({ snapshot: s }: { snapshot: ProposalSnapshot }) {
  const f = s.figures;
  const p = s.pricing;
  return (
    <section aria-labelledby="assumptions" className="mt-8 print:mt-4">
      <h2 id="assumptions" className="text-lg font-semibold text-slate-900">
        How we worked it out
      </h2>
      <ul className="mt-2 list-disc space-y-1.5 pl-5 text-slate-700 print:space-y-0.5">
        <li>
          Your {statementMonthLabel(s.statementMonth)} statement: {formatCents(s.statement.volumeCents)} in card sales
          over {s.statement.transactions.toLocaleString("en-US")} transactions (an average sale of{" "}
          {formatCents(f.averageTicketCents)}), and {formatCents(s.statement.feesCents)} in fees: an effective rate of{" "}
          {formatBp(f.effectiveRateBp)}.
        </li>
        <li>
          Our pricing is interchange-plus: the card networks' interchange and assessment fees are passed through at
          cost, plus {formatBp(p.markupBp)} of sales, {formatCents(p.perTransactionCents)} per transaction and{" "}
          {formatCents(p.monthlyFeeCents)} a month. No PCI, statement or lease fees.
        </li>
        {f.passThroughSource === "statement" ? (
          <li>
            Interchange and network fees: we used the {formatCents(f.passThroughCents)} printed on your statement. That
            cost is set by the card networks and stays the same whoever processes your cards.
          </li>
        ) : (
          <li>
            Interchange and network fees are an <strong>estimate</strong> ({formatCents(f.passThroughCents)}), from how
            your customers pay:{" "}
            {f.channels
              .map(
                (c) =>
                  `${CARD_CHANNEL_LABELS[c.channel].toLowerCase()}, ${formatShare(c.mixBp)} of sales, at about ${formatBp(c.rate.bp)} + ${formatCents(c.rate.cents)} a transaction`,
              )
              .join("; ")}
            . The real figure depends on the cards your customers use, so it can be a little higher or lower.
          </li>
        )}
        <li>
          The figures are for a month like this one; a year is twelve such months. Amounts are rounded to the cent,
          halves rounded up.
        </li>
        {s.note ? (
          <li>
            A note from {s.sentByName}: {s.note}
          </li>
        ) : null}
      </ul>
    </section>
  );
}
