import { statementMonthLabel } from "@common/proposals";
import { formatBp, formatCents } from "@common/proposal-math";
import type { ProposalSnapshot, PublicProposal } from "@server/proposals/proposals";
import { buttonVariants } from "~/components/ui/button-variants";
import { useRootData } from "~/lib/site";
import { ProposalAssumptions } from "./proposal-assumptions";

const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/Phoenix" });
const when = (iso: string) => longDate.format(new Date(iso));

type Open = Extract<PublicProposal, { status: "open" }>;

/** The merchant's proposal: the verdict, today against Meritum, the assumptions, and the next step. Prints on one page. */
export function ProposalView(props: {
  proposal: Open;
  staff: boolean;
  acceptedAt: string | null;
  justAccepted: boolean;
  notice: string | null;
}) {
  const { snapshot: s } = props.proposal;
  const { settings } = useRootData();
  const f = s.figures;
  const merchant = s.merchant.businessName || s.merchant.name;
  return (
    <div
      data-proposal-page=""
      className="mx-auto max-w-4xl px-4 py-10 sm:px-6 print:max-w-none print:p-0 print:text-[11pt]"
    >
      {props.staff ? (
        <p
          role="status"
          className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 print:hidden"
        >
          You are signed in as staff: this view is not counted, and only the merchant can accept.
        </p>
      ) : null}
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        {settings.companyName} · Savings proposal
      </p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl print:text-2xl">
        {merchant}:{" "}
        {f.outcome === "saving" ? `save ${formatCents(f.monthlySavingsCents)} a month` : "your pricing review"}
      </h1>
      <p className="mt-2 text-slate-700">
        Prepared by {s.sentByName} from your {statementMonthLabel(s.statementMonth)} statement. Sent{" "}
        {when(props.proposal.sentAt)}; valid until {when(props.proposal.expiresAt)}.
      </p>
      <Verdict snapshot={s} />
      <Comparison snapshot={s} />
      <ProposalAssumptions snapshot={s} />
      <NextStep {...props} companyName={settings.companyName} phone={settings.phone} />
      <p className="mt-8 text-sm text-slate-600 print:hidden">
        To keep a copy, use your browser's Print and choose Save as PDF.
      </p>
    </div>
  );
}

function Verdict({ snapshot: { figures: f } }: { snapshot: ProposalSnapshot }) {
  if (f.outcome === "saving")
    return (
      <div className="mt-6 grid gap-4 rounded-lg border border-emerald-300 bg-emerald-50 p-5 sm:grid-cols-2 print:mt-4 print:p-3">
        <p>
          <span className="block text-sm text-emerald-900">Estimated saving per month</span>
          <span className="text-3xl font-bold text-emerald-900">{formatCents(f.monthlySavingsCents)}</span>
        </p>
        <p>
          <span className="block text-sm text-emerald-900">Estimated saving per year</span>
          <span className="text-3xl font-bold text-emerald-900">{formatCents(f.annualSavingsCents)}</span>
        </p>
      </div>
    );
  return (
    <p className="mt-6 rounded-lg border border-slate-300 bg-slate-50 p-5 text-slate-900 print:mt-4 print:p-3">
      <strong>Your current pricing is already competitive.</strong> By our estimate you would pay{" "}
      {f.monthlySavingsCents === 0 ? "the same" : `${formatCents(-f.monthlySavingsCents)} more a month`} with us, so we
      are not claiming a saving. We are happy to talk through the figures.
    </p>
  );
}

function Comparison({ snapshot: { figures: f, statement } }: { snapshot: ProposalSnapshot }) {
  const b = statement.breakdown ?? {};
  const today = (...cents: Array<number | null | undefined>) => {
    const given = cents.filter((c): c is number => typeof c === "number");
    return given.length ? formatCents(given.reduce((sum, c) => sum + c, 0)) : "—";
  };
  const cell = "border-b border-slate-200 py-2 pr-4 text-left";
  const num = "border-b border-slate-200 py-2 text-right tabular-nums";
  return (
    <table className="mt-8 w-full text-sm print:mt-4">
      <caption className="mb-2 text-left text-lg font-semibold text-slate-900">
        Your monthly cost, today and with us
      </caption>
      <thead>
        <tr>
          <th scope="col" className={cell}>
            <span className="sr-only">Line</span>
          </th>
          <th scope="col" className={num}>
            Today
          </th>
          <th scope="col" className={num}>
            With us
          </th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row" className={cell}>
            Interchange and card-network fees
          </th>
          <td className={num}>{today(b.passThrough)}</td>
          <td className={num}>
            {formatCents(f.passThroughCents)}
            {f.passThroughSource === "estimate" ? " (estimate)" : ""}
          </td>
        </tr>
        <tr>
          <th scope="row" className={cell}>
            Processing markup and per-transaction fees
          </th>
          <td className={num}>{today(b.markup)}</td>
          <td className={num}>{formatCents(f.markupCents + f.perTransactionCents)}</td>
        </tr>
        <tr>
          <th scope="row" className={cell}>
            Monthly, PCI, statement and equipment fees
          </th>
          <td className={num}>{today(b.monthly, b.pci, b.statement, b.equipmentLease)}</td>
          <td className={num}>{formatCents(f.monthlyFeeCents)}</td>
        </tr>
        {f.breakdown ? (
          <tr>
            <th scope="row" className={cell}>
              Other fees on your statement
            </th>
            <td className={num}>{formatCents(f.breakdown.otherCents)}</td>
            <td className={num}>—</td>
          </tr>
        ) : null}
        <tr className="font-semibold text-slate-900">
          <th scope="row" className={cell}>
            Total per month
          </th>
          <td className={num}>{formatCents(statement.feesCents)}</td>
          <td className={num}>{formatCents(f.proposedCents)}</td>
        </tr>
        <tr>
          <th scope="row" className={cell}>
            Effective rate (fees ÷ card sales)
          </th>
          <td className={num}>{formatBp(f.effectiveRateBp)}</td>
          <td className={num}>{formatBp(f.proposedRateBp)}</td>
        </tr>
      </tbody>
    </table>
  );
}

function NextStep(props: {
  proposal: Open;
  acceptedAt: string | null;
  justAccepted: boolean;
  staff: boolean;
  notice: string | null;
  companyName: string;
  phone: string;
}) {
  if (props.acceptedAt)
    return (
      <section
        aria-labelledby="next-step"
        role="status"
        className="mt-8 rounded-lg border border-brand-200 bg-brand-50 p-5 print:mt-4 print:p-3"
      >
        <h2 id="next-step" className="text-lg font-semibold text-slate-900">
          {props.justAccepted ? "Thank you!" : "You asked to switch"}
        </h2>
        <p className="mt-1 text-slate-700">
          We received your request on {when(props.acceptedAt)}. {props.companyName} will call you within one business
          day to set up your account{props.phone ? `; you can also reach us at ${props.phone}` : ""}.
        </p>
      </section>
    );
  return (
    <section aria-labelledby="next-step" className="mt-8 rounded-lg border border-slate-200 p-5 print:mt-4 print:p-3">
      <h2 id="next-step" className="text-lg font-semibold text-slate-900">
        Next step
      </h2>
      <p className="mt-1 text-slate-700">
        Happy with these figures? Tell us and we will call you to set up your account. Nothing changes until you sign.
      </p>
      <p className="mt-2 hidden text-slate-700 print:block">
        To switch, open this proposal's link in our e-mail and choose "I'd like to switch", or call us
        {props.phone ? ` at ${props.phone}` : ""}.
      </p>
      {props.notice ? <p className="mt-3 text-sm font-medium text-amber-900">{props.notice}</p> : null}
      <form method="post" className="mt-4 print:hidden">
        <button type="submit" className={buttonVariants({ size: "lg" })} disabled={props.staff}>
          I'd like to switch
        </button>
      </form>
    </section>
  );
}

/** A link that no longer shows figures: replaced by a newer proposal, or expired. */
export function ProposalClosed({ proposal }: { proposal: Exclude<PublicProposal, { status: "open" }> }) {
  const { settings } = useRootData();
  const replaced = proposal.status === "superseded";
  return (
    <div data-proposal-page="" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">
        {replaced ? "A newer proposal replaced this one" : "This proposal has expired"}
      </h1>
      <p className="mt-4 text-lg text-slate-700">
        {replaced
          ? "We sent you a revised proposal. Please open the link in our most recent e-mail."
          : `Proposals stay open for 30 days. Ask us for a fresh one: call ${settings.phone} or write to ${settings.email}.`}
      </p>
      <p className="mt-6">
        <a href="/contact" className="font-medium text-link underline">
          Contact {settings.companyName}
        </a>
      </p>
    </div>
  );
}
