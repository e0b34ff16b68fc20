import { ArrowRight, Calculator } from "lucide-react";
import { Link, useLocation, useSearchParams } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import {
  assumptionsFromSettings,
  estimateFigures,
  estimateSavings,
  formatMoney,
  freeAnalysisHref,
  validateCalculatorInput,
  type CalculatorField,
  type EstimateFigures,
  type FieldErrors,
  type SavingsEstimate,
} from "@common/savings";
import { useRootData } from "~/lib/site";
import { cn } from "~/lib/utils";
import { dataAttr } from "~/enhance/data-attributes";
import { dataProps } from "~/lib/data-props";

const fields: Array<{
  name: CalculatorField;
  label: string;
  hint: string;
  prefix?: string;
  inputMode: "decimal" | "numeric";
  placeholder: string;
}> = [
  {
    name: "volume",
    label: "Monthly card volume",
    hint: "Total card sales in a typical month, in dollars.",
    prefix: "$",
    inputMode: "decimal",
    placeholder: "e.g. 25,000",
  },
  {
    name: "transactions",
    label: "Card transactions per month",
    hint: "How many card sales that volume came from.",
    inputMode: "numeric",
    placeholder: "e.g. 500",
  },
  {
    name: "fees",
    label: "Current total monthly fees",
    hint: "Every fee on your last statement added up, in dollars.",
    prefix: "$",
    inputMode: "decimal",
    placeholder: "e.g. 850",
  },
];

type Values = Record<CalculatorField, string>;

/** What the results panel shows: the prompt before a calculation, or the estimate's outcome. */
type ResultState = "empty" | SavingsEstimate["outcome"];

const blankFigures: EstimateFigures = { currentRate: "", estimatedCost: "", monthlySaving: "", yearlySaving: "" };

/** One figure of the estimate; the script fills in `data-calculator-figure` (a saving stands out). */
function Figure({
  name,
  label,
  figures,
  saving = false,
}: {
  name: keyof EstimateFigures;
  label: string;
  figures: EstimateFigures;
  saving?: boolean;
}) {
  return (
    <div>
      <dt className="text-sm text-slate-300">{label}</dt>
      <dd
        {...dataProps(dataAttr.calculatorFigure, name)}
        className={
          saving ? "text-3xl font-extrabold tabular-nums text-accent-100" : "text-2xl font-bold tabular-nums text-white"
        }
      >
        {figures[name]}
      </dd>
    </div>
  );
}

/**
 * The results panel's content below its heading. The server renders it for a submitted form
 * (the no-JavaScript path), and once per state inside a `<template>` that
 * `app/enhance/savings-calculator.ts` clones and fills in (`data-calculator-figure`,
 * `data-calculator-link`) when the visitor calculates.
 */
function ResultContent({
  state,
  figures,
  href,
  companyName,
}: {
  state: ResultState;
  figures: EstimateFigures;
  href: string;
  companyName: string;
}) {
  if (state === "empty") {
    return (
      <p className="mt-4 leading-7">
        Enter your three numbers and choose &quot;Calculate my savings&quot;. They are on the summary page of your
        monthly processing statement. Nothing you type here is sent or stored.
      </p>
    );
  }
  return (
    <>
      <dl className="mt-5 grid gap-4">
        <Figure name="currentRate" label="Your current effective rate" figures={figures} />
        <Figure name="estimatedCost" label={`Estimated cost with ${companyName}`} figures={figures} />
        {state === "saving" ? (
          <>
            <Figure name="monthlySaving" label="Estimated monthly saving" figures={figures} saving />
            <Figure name="yearlySaving" label="Estimated yearly saving" figures={figures} saving />
          </>
        ) : null}
      </dl>
      {state === "already-lower" ? (
        <p className="mt-5 leading-7">
          Good news: what you pay today is already at or below our illustration, so we would not promise you a saving on
          these numbers. A free analysis can still check your statement for fees that creep in over time.
        </p>
      ) : (
        <p className="mt-5 text-sm leading-6 text-slate-300">
          An estimate, not a quote. Your real rates depend on your card mix; a free analysis of your statement gives you
          exact numbers.
        </p>
      )}
      <Link
        to={href}
        {...dataProps(dataAttr.calculatorLink)}
        className={cn(buttonVariants({ size: "lg" }), "mt-6 self-start")}
      >
        Get my Free Analysis <ArrowRight className="size-5" aria-hidden />
      </Link>
    </>
  );
}

/**
 * Estimates what a merchant would save at the site's published interchange-plus illustration.
 * Markup only (decision 0037): the form submits as a GET to this page and the server renders the
 * result from the query string, which is all a visitor without JavaScript gets. With it,
 * `app/enhance/savings-calculator.ts` answers the submit in the page instead: the same
 * validation, figures and live-region update, and focus on the first field in error.
 */
export function SavingsCalculator() {
  const { settings } = useRootData();
  const assumptions = assumptionsFromSettings(settings);
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const values: Values = {
    volume: searchParams.get("volume") ?? "",
    transactions: searchParams.get("transactions") ?? "",
    fees: searchParams.get("fees") ?? "",
  };
  const submitted = fields.some((f) => searchParams.has(f.name));
  const result = submitted ? validateCalculatorInput(values) : undefined;
  const errors: FieldErrors = result && !result.ok ? result.errors : {};
  const input = result?.ok ? result.input : undefined;
  const estimate = input ? estimateSavings(input, assumptions) : undefined;
  const companyName = settings.companyName;

  return (
    <div {...dataProps(dataAttr.savingsCalculator)} className="grid gap-8 lg:grid-cols-5">
      <form
        method="get"
        action={`${pathname}#savings-calculator`}
        noValidate
        aria-labelledby="savings-calculator-heading"
        {...dataProps(dataAttr.interchangePercent, assumptions.interchangePercent)}
        {...dataProps(dataAttr.markupPercent, assumptions.markupPercent)}
        {...dataProps(dataAttr.perTransactionFee, assumptions.perTransactionFee)}
        {...dataProps(dataAttr.monthlyFee, assumptions.monthlyFee)}
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3"
      >
        <div className="grid gap-6">
          {fields.map((field) => {
            const error = errors[field.name];
            const hintId = `calc-${field.name}-hint`;
            const errorId = `calc-${field.name}-error`;
            return (
              <div key={field.name}>
                <label htmlFor={`calc-${field.name}`} className="block font-semibold text-slate-900">
                  {field.label}
                </label>
                <p id={hintId} className="mt-1 text-sm text-slate-600">
                  {field.hint}
                </p>
                <div className="relative mt-2">
                  {field.prefix ? (
                    <span
                      className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-slate-500"
                      aria-hidden
                    >
                      {field.prefix}
                    </span>
                  ) : null}
                  <input
                    id={`calc-${field.name}`}
                    name={field.name}
                    type="text"
                    inputMode={field.inputMode}
                    autoComplete="off"
                    placeholder={field.placeholder}
                    defaultValue={values[field.name]}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${hintId} ${errorId}` : hintId}
                    {...dataProps(dataAttr.calculatorHint, hintId)}
                    {...dataProps(dataAttr.calculatorError, errorId)}
                    className={cn(
                      "block h-12 w-full rounded-md border border-slate-300 bg-white text-base text-slate-900 shadow-sm placeholder:text-slate-400 aria-invalid:not-focus:border-red-600",
                      "focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600",
                      field.prefix ? "pl-7 pr-3" : "px-3",
                    )}
                  />
                </div>
                {/* Filled in and shown by the server (no JavaScript) or by the script. */}
                <p id={errorId} hidden={!error} className="mt-2 text-sm font-medium text-red-700">
                  {error}
                </p>
              </div>
            );
          })}
        </div>
        <button
          type="submit"
          className={cn(buttonVariants({ size: "lg", variant: "secondary" }), "mt-8 w-full sm:w-auto")}
        >
          <Calculator className="size-5" aria-hidden />
          Calculate my savings
        </button>
      </form>

      <div
        aria-live="polite"
        aria-atomic="true"
        data-testid="calculator-result"
        {...dataProps(dataAttr.calculatorResult)}
        className="flex flex-col rounded-2xl bg-brand-900 p-6 text-slate-200 shadow-sm sm:p-8 lg:col-span-2"
      >
        <h3 className="text-lg font-semibold text-white">Your estimate</h3>
        <ResultContent
          state={estimate?.outcome ?? "empty"}
          figures={estimate ? estimateFigures(estimate) : blankFigures}
          href={input ? freeAnalysisHref(input) : "/contact"}
          companyName={companyName}
        />
      </div>
      {(["empty", "saving", "already-lower"] as const).map((state) => (
        <template key={state} {...dataProps(dataAttr.calculatorState, state)}>
          <ResultContent state={state} figures={blankFigures} href="/contact" companyName={companyName} />
        </template>
      ))}

      <section aria-labelledby="how-we-estimate" className="lg:col-span-5">
        <h3 id="how-we-estimate" className="text-lg font-semibold text-slate-900">
          How we estimate
        </h3>
        <p className="mt-2 max-w-3xl leading-7 text-slate-600">
          We price your month at our published interchange-plus illustration and compare it with the fees you enter.
          Your effective rate is your total fees divided by your card volume.
        </p>
        <ul className="mt-4 grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <li className="rounded-lg border border-slate-200 bg-white p-4">
            <span className="block font-semibold text-slate-900">{assumptions.interchangePercent}% of volume</span>
            Average interchange and card-network assessments
          </li>
          <li className="rounded-lg border border-slate-200 bg-white p-4">
            <span className="block font-semibold text-slate-900">{assumptions.markupPercent}% of volume</span>
            {companyName} markup over interchange
          </li>
          <li className="rounded-lg border border-slate-200 bg-white p-4">
            <span className="block font-semibold text-slate-900">
              {formatMoney(assumptions.perTransactionFee)} per transaction
            </span>
            {companyName} transaction fee
          </li>
          <li className="rounded-lg border border-slate-200 bg-white p-4">
            <span className="block font-semibold text-slate-900">{formatMoney(assumptions.monthlyFee)} per month</span>
            Flat account fee; no annual or PCI fees
          </li>
        </ul>
      </section>
    </div>
  );
}
