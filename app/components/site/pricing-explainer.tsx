import type { ReactNode } from "react";
import { formatMoney } from "@common/savings";
import { useRootData } from "~/lib/site";

/**
 * Interchange-plus in plain words, with a worked example at the site's published
 * illustration (the same assumptions the savings calculator uses).
 */
export function PricingExplainer({ note, exampleSale = 100 }: { note?: ReactNode; exampleSale?: number }) {
  const { settings } = useRootData();
  const interchange = (exampleSale * settings.calculatorInterchangePercent) / 100;
  const markup = (exampleSale * settings.calculatorMarkupPercent) / 100;
  const perTx = settings.calculatorPerTransactionFee;
  const total = interchange + markup + perTx;
  const rows: Array<[string, string, string]> = [
    [
      "Interchange and assessments",
      `${settings.calculatorInterchangePercent}% (average; set by the card networks)`,
      formatMoney(interchange),
    ],
    [`${settings.companyName} markup`, `${settings.calculatorMarkupPercent}% of the sale`, formatMoney(markup)],
    [`${settings.companyName} transaction fee`, "Per approved sale", formatMoney(perTx)],
  ];
  return (
    <div className="grid gap-10 lg:grid-cols-2">
      <div className="space-y-4 leading-7 text-slate-700">
        <p>
          Every card sale carries three costs. <strong className="text-slate-900">Interchange</strong> goes to the bank
          that issued your customer&apos;s card, and <strong className="text-slate-900">assessments</strong> go to Visa,
          Mastercard, Discover or American Express. Those are published rates that no processor can change: a debit card
          tapped at your counter costs far less than a rewards credit card typed into a website.
        </p>
        <p>
          With <strong className="text-slate-900">interchange-plus</strong> pricing you pay those costs exactly as the
          networks charge them, plus <strong className="text-slate-900">our markup</strong>: a fixed percentage and a
          few cents per transaction, written into your agreement and the same every month. When a customer uses a cheap
          debit card, the saving is yours, not ours.
        </p>
        <p>
          Flat-rate and &quot;tiered&quot; plans do it the other way around: they charge one high rate, or sort your
          cards into &quot;qualified&quot; and &quot;non-qualified&quot; buckets the processor defines, and keep the
          difference. That is why two merchants with the same sales can pay very different amounts.
        </p>
        {note ? <div>{note}</div> : null}
      </div>
      <figure className="self-start rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <figcaption className="text-base font-semibold text-slate-900">
          Example: what a {formatMoney(exampleSale, true)} card sale costs
        </figcaption>
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Part
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Rate
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Cost
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([part, rate, cost]) => (
              <tr key={part} className="border-b border-slate-100">
                <th scope="row" className="py-3 pr-3 font-medium text-slate-800">
                  {part}
                </th>
                <td className="py-3 pr-3 text-slate-600">{rate}</td>
                <td className="py-3 text-right tabular-nums text-slate-800">{cost}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2} className="pt-3 font-semibold text-slate-900">
                Total for this sale
              </th>
              <td className="pt-3 text-right font-semibold tabular-nums text-slate-900">{formatMoney(total)}</td>
            </tr>
          </tfoot>
        </table>
        <p className="mt-4 text-sm leading-6 text-slate-600">
          Plus a flat {formatMoney(settings.calculatorMonthlyFee)} monthly account fee. No annual fee, no PCI
          &quot;non-compliance&quot; surcharge, no early-termination fee. Your actual interchange depends on the cards
          your customers use; your statement shows each one.
        </p>
      </figure>
    </div>
  );
}
