/**
 * The savings calculator's arithmetic and wording of its figures, kept pure so it can be tested
 * and shared by the server render (app/components/site/savings-calculator.tsx, which also answers
 * the no-JS form submit) and the browser (app/enhance/savings-calculator.ts).
 *
 * The estimate prices the visitor's volume at the site's published interchange-plus
 * illustration: average interchange + assessments (a percentage of volume), our markup
 * (a percentage), a per-transaction fee and a flat monthly fee.
 */

export interface CalculatorAssumptions {
  /** Average interchange plus card-network assessments, percent of volume (e.g. 1.85). */
  interchangePercent: number;
  /** Our markup over interchange, percent of volume (e.g. 0.25). */
  markupPercent: number;
  /** Our fee per transaction, dollars (e.g. 0.10). */
  perTransactionFee: number;
  /** Our flat monthly fee, dollars (e.g. 10). */
  monthlyFee: number;
}

export interface CalculatorInput {
  /** Monthly card volume, dollars. */
  volume: number;
  /** Card transactions per month. */
  transactions: number;
  /** Everything the current processor charged last month, dollars. */
  fees: number;
}

export type CalculatorField = keyof CalculatorInput;

export interface SavingsEstimate {
  /** Current fees divided by volume, percent. */
  currentRatePercent: number;
  /** What the illustration would cost for the same month, dollars. */
  estimatedMonthlyCost: number;
  estimatedRatePercent: number;
  averageTicket: number;
  /** Positive when the illustration is cheaper; never shown as a saving otherwise. */
  monthlySaving: number;
  yearlySaving: number;
  outcome: "saving" | "already-lower";
}

export const calculatorLimits = {
  volume: { min: 100, max: 50_000_000 },
  transactions: { min: 1, max: 5_000_000 },
  /** Below this average sale, the transaction count is almost certainly a typo. */
  minAverageTicket: 0.5,
} as const;

export function assumptionsFromSettings(settings: {
  calculatorInterchangePercent: number;
  calculatorMarkupPercent: number;
  calculatorPerTransactionFee: number;
  calculatorMonthlyFee: number;
}): CalculatorAssumptions {
  return {
    interchangePercent: settings.calculatorInterchangePercent,
    markupPercent: settings.calculatorMarkupPercent,
    perTransactionFee: settings.calculatorPerTransactionFee,
    monthlyFee: settings.calculatorMonthlyFee,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Reads "12,500", "$12,500.50" or " 12500 " as a number; undefined for anything else. */
export function parseAmount(raw: string | null | undefined): number | undefined {
  if (raw == null) return undefined;
  const cleaned = raw.trim().replace(/^\$/, "").replace(/,/g, "").trim();
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : undefined;
}

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const wholeMoney = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

export function formatMoney(value: number, whole = false): string {
  return (whole ? wholeMoney : money).format(value);
}

export function formatPercent(value: number): string {
  return `${value.toFixed(2)}%`;
}

/** The estimate's figures as the results panel shows them (server render and browser alike). */
export interface EstimateFigures {
  currentRate: string;
  estimatedCost: string;
  monthlySaving: string;
  yearlySaving: string;
}

export function estimateFigures(estimate: SavingsEstimate): EstimateFigures {
  return {
    currentRate: formatPercent(estimate.currentRatePercent),
    estimatedCost: `${formatMoney(estimate.estimatedMonthlyCost)} a month (${formatPercent(estimate.estimatedRatePercent)})`,
    monthlySaving: formatMoney(estimate.monthlySaving),
    yearlySaving: formatMoney(estimate.yearlySaving),
  };
}

export type FieldErrors = Partial<Record<CalculatorField, string>>;

/**
 * Validates the three raw inputs. Returns the numbers when all are valid, otherwise a
 * readable message per field (empty fields count as errors only when `requireAll`).
 */
export function validateCalculatorInput(
  raw: Record<CalculatorField, string>,
  options: { requireAll?: boolean } = {},
): { ok: true; input: CalculatorInput } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const requireAll = options.requireAll ?? true;

  const volume = parseAmount(raw.volume);
  if (!raw.volume.trim()) {
    if (requireAll) errors.volume = "Enter your monthly card volume in dollars.";
  } else if (volume === undefined) {
    errors.volume = "Enter the volume as a number of dollars, for example 25000.";
  } else if (volume < calculatorLimits.volume.min) {
    errors.volume = `Enter at least ${formatMoney(calculatorLimits.volume.min, true)} a month.`;
  } else if (volume > calculatorLimits.volume.max) {
    errors.volume = "For volume above $50 million a month, please call us for a custom quote.";
  }

  const transactions = parseAmount(raw.transactions);
  if (!raw.transactions.trim()) {
    if (requireAll) errors.transactions = "Enter how many card transactions you run in a month.";
  } else if (transactions === undefined || !Number.isInteger(transactions)) {
    errors.transactions = "Enter a whole number of transactions, for example 500.";
  } else if (transactions < calculatorLimits.transactions.min) {
    errors.transactions = "Enter at least 1 transaction.";
  } else if (transactions > calculatorLimits.transactions.max) {
    errors.transactions = "For more than 5 million transactions a month, please call us for a custom quote.";
  } else if (volume !== undefined && !errors.volume && volume / transactions < calculatorLimits.minAverageTicket) {
    errors.transactions = "That works out to an average sale under $0.50. Please check the number of transactions.";
  }

  const fees = parseAmount(raw.fees);
  if (!raw.fees.trim()) {
    if (requireAll) errors.fees = "Enter the total fees from your last statement in dollars.";
  } else if (fees === undefined) {
    errors.fees = "Enter the fees as a number of dollars, for example 850.";
  } else if (volume !== undefined && !errors.volume && fees >= volume) {
    errors.fees = "Fees should be less than your card volume. Please check both numbers.";
  }

  if (Object.keys(errors).length || volume === undefined || transactions === undefined || fees === undefined) {
    return { ok: false, errors };
  }
  return { ok: true, input: { volume, transactions, fees } };
}

/** The estimate for valid input. A negative difference is reported as "already-lower", never as a saving. */
export function estimateSavings(input: CalculatorInput, assumptions: CalculatorAssumptions): SavingsEstimate {
  const { volume, transactions, fees } = input;
  const percentCost = (volume * (assumptions.interchangePercent + assumptions.markupPercent)) / 100;
  const estimatedMonthlyCost = round2(
    percentCost + transactions * assumptions.perTransactionFee + assumptions.monthlyFee,
  );
  const difference = round2(fees - estimatedMonthlyCost);
  const saving = difference > 0 ? difference : 0;
  return {
    currentRatePercent: volume > 0 ? (fees / volume) * 100 : 0,
    estimatedMonthlyCost,
    estimatedRatePercent: volume > 0 ? (estimatedMonthlyCost / volume) * 100 : 0,
    averageTicket: transactions > 0 ? round2(volume / transactions) : 0,
    monthlySaving: saving,
    yearlySaving: round2(saving * 12),
    outcome: saving > 0 ? "saving" : "already-lower",
  };
}

/** The contact-form link that carries the calculator's inputs (read by the Free Analysis form). */
export function freeAnalysisHref(input: CalculatorInput): string {
  const params = new URLSearchParams({
    from: "calculator",
    volume: String(input.volume),
    transactions: String(input.transactions),
    fees: String(input.fees),
  });
  return `/contact?${params.toString()}`;
}
