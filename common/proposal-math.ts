/**
 * The statement review's arithmetic (decision 0043): what a merchant pays now, what Meritum
 * would charge for the same month, and the difference. Pure and shared by the worksheet (live
 * figures in the browser), the service (what is stored and sent) and the proposal page.
 *
 * Units: money in integer cents, rates in basis points (1 bp = 0.01 %), card mix in basis
 * points of volume (10,000 = 100 %). No floating point touches money: products are taken in
 * BigInt and divided once.
 *
 * Rounding rule: every figure that is shown is rounded once, from exact arithmetic on the
 * inputs, to the nearest cent (or basis point), halves away from zero (2.5 → 3, -2.5 → -3).
 * Totals are the sums of the rounded lines they are made of, so the page always adds up;
 * the savings are current fees minus the proposed total, and the annual figure is twelve
 * times the monthly one (no second rounding).
 */

export const CARD_CHANNELS = ["inPerson", "keyed", "online"] as const;
export type CardChannel = (typeof CARD_CHANNELS)[number];

export const CARD_CHANNEL_LABELS: Record<CardChannel, string> = {
  inPerson: "In person (chip, tap or swipe)",
  keyed: "Keyed in (card not present)",
  online: "Online (e-commerce)",
};

/** The card networks' cost for one channel: a percentage of volume plus an amount per transaction. */
export interface PassThroughRate {
  bp: number;
  cents: number;
}

/** What admins set on the pricing screen. */
export interface Pricing {
  /** Meritum's markup over pass-through, basis points of volume. */
  markupBp: number;
  /** Meritum's fee per transaction, cents. */
  perTransactionCents: number;
  /** Meritum's flat monthly fee, cents. */
  monthlyFeeCents: number;
  /** Estimated interchange + network assessments per channel (an estimate, labelled so). */
  passThrough: Record<CardChannel, PassThroughRate>;
}

/** The optional lines of a statement, cents. */
export const BREAKDOWN_LINES = ["passThrough", "markup", "monthly", "pci", "statement", "equipmentLease"] as const;
export type BreakdownLine = (typeof BREAKDOWN_LINES)[number];

export const BREAKDOWN_LABELS: Record<BreakdownLine, string> = {
  passThrough: "Interchange and network fees (pass-through)",
  markup: "Processor markup and per-item fees",
  monthly: "Monthly fee",
  pci: "PCI fee",
  statement: "Statement fee",
  equipmentLease: "Equipment lease",
};

export interface StatementFigures {
  volumeCents: number;
  transactions: number;
  feesCents: number;
  breakdown?: Partial<Record<BreakdownLine, number | null>>;
  /** Share of volume and transactions per channel, basis points summing to 10,000; all in person when absent. */
  mix?: Record<CardChannel, number> | null;
}

export interface ChannelCost {
  channel: CardChannel;
  mixBp: number;
  rate: PassThroughRate;
  cents: number;
}

export interface ProposalFigures {
  effectiveRateBp: number;
  averageTicketCents: number;
  /** The statement's own lines, and what they leave unexplained (fees minus their sum). */
  breakdown: { lines: Array<{ line: BreakdownLine; cents: number }>; otherCents: number } | null;
  /** "statement": the statement's own pass-through line; "estimate": by card mix at the pricing's rates. */
  passThroughSource: "statement" | "estimate";
  channels: ChannelCost[];
  passThroughCents: number;
  markupCents: number;
  perTransactionCents: number;
  monthlyFeeCents: number;
  proposedCents: number;
  proposedRateBp: number;
  monthlySavingsCents: number;
  annualSavingsCents: number;
  /** Share of today's fees saved, basis points (negative when Meritum would cost more). */
  savingsBp: number;
  outcome: "saving" | "no-saving";
}

/** a × b / c, rounded to the nearest integer, halves away from zero (exact for any safe integers). */
export function mulDivRound(a: number, b: number, c: number): number {
  if (c === 0) throw new RangeError("division by zero");
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (an * 2n + ad) / (ad * 2n);
  return Number(negative ? -q : q);
}

/** The whole-number division of exact BigInt sums, rounded as mulDivRound does. */
function divRound(n: bigint, d: bigint): number {
  const negative = n < 0n;
  const an = negative ? -n : n;
  const q = (an * 2n + d) / (d * 2n);
  return Number(negative ? -q : q);
}

export const ALL_IN_PERSON: Record<CardChannel, number> = { inPerson: 10_000, keyed: 0, online: 0 };

/**
 * One channel's estimated pass-through: its share of the volume at the channel's percentage,
 * plus its share of the transactions at the channel's amount, rounded once to the cent.
 * volume·mix·bp / 10⁸ + transactions·mix·cents / 10⁴ = (volume·mix·bp + transactions·mix·cents·10⁴) / 10⁸.
 */
function channelCost(volumeCents: number, transactions: number, mixBp: number, rate: PassThroughRate): number {
  const exact =
    BigInt(volumeCents) * BigInt(mixBp) * BigInt(rate.bp) +
    BigInt(transactions) * BigInt(mixBp) * BigInt(rate.cents) * 10_000n;
  return divRound(exact, 100_000_000n);
}

function statementBreakdown(s: StatementFigures): ProposalFigures["breakdown"] {
  const lines = BREAKDOWN_LINES.flatMap((line) => {
    const cents = s.breakdown?.[line];
    return cents === null || cents === undefined ? [] : [{ line, cents }];
  });
  if (!lines.length) return null;
  return { lines, otherCents: s.feesCents - lines.reduce((sum, l) => sum + l.cents, 0) };
}

/** Every figure of the worksheet and the proposal, from the statement's figures and the pricing. */
export function computeProposal(s: StatementFigures, pricing: Pricing): ProposalFigures {
  const mix = s.mix ?? ALL_IN_PERSON;
  const channels = CARD_CHANNELS.filter((c) => mix[c] > 0).map((channel) => ({
    channel,
    mixBp: mix[channel],
    rate: pricing.passThrough[channel],
    cents: channelCost(s.volumeCents, s.transactions, mix[channel], pricing.passThrough[channel]),
  }));
  const statementPassThrough = s.breakdown?.passThrough;
  const fromStatement = statementPassThrough !== null && statementPassThrough !== undefined;
  const passThroughCents = fromStatement ? statementPassThrough : channels.reduce((sum, c) => sum + c.cents, 0);
  const markupCents = mulDivRound(s.volumeCents, pricing.markupBp, 10_000);
  const perTransactionCents = s.transactions * pricing.perTransactionCents;
  const proposedCents = passThroughCents + markupCents + perTransactionCents + pricing.monthlyFeeCents;
  const monthlySavingsCents = s.feesCents - proposedCents;
  return {
    effectiveRateBp: mulDivRound(s.feesCents, 10_000, s.volumeCents),
    averageTicketCents: mulDivRound(s.volumeCents, 1, s.transactions),
    breakdown: statementBreakdown(s),
    passThroughSource: fromStatement ? "statement" : "estimate",
    channels,
    passThroughCents,
    markupCents,
    perTransactionCents,
    monthlyFeeCents: pricing.monthlyFeeCents,
    proposedCents,
    proposedRateBp: mulDivRound(proposedCents, 10_000, s.volumeCents),
    monthlySavingsCents,
    annualSavingsCents: monthlySavingsCents * 12,
    savingsBp: s.feesCents ? mulDivRound(monthlySavingsCents, 10_000, s.feesCents) : 0,
    outcome: monthlySavingsCents > 0 ? "saving" : "no-saving",
  };
}

const wholeDollars = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** 123456 → "$1,234.56"; -5 → "-$0.05" (integer arithmetic, no float rounding). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, "0");
  return `${sign}$${wholeDollars.format(whole)}.${rest}`;
}

/** 285 → "2.85%"; -12 → "-0.12%". */
export function formatBp(bp: number): string {
  const sign = bp < 0 ? "-" : "";
  const abs = Math.abs(bp);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}%`;
}

/** A share of sales: 7000 → "70%", 1250 → "12.5%". */
export function formatShare(bp: number): string {
  return `${bpToInput(bp)}%`;
}

/** Parses "12,345.67", "$12,345.6" or "12345" into cents exactly; undefined for anything else. */
export function parseDollarsToCents(raw: string): number | undefined {
  const text = raw.trim().replace(/^\$/, "").replace(/,/g, "");
  const match = /^(\d{1,12})(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Parses "70", "12.5" or "0.25%" into basis points exactly (at most two decimals); undefined otherwise. */
export function parsePercentToBp(raw: string): number | undefined {
  const text = raw.trim().replace(/%$/, "").trim();
  const match = /^(\d{1,5})(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Cents as the worksheet's inputs show them: 123456 → "1234.56". */
export function centsToInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** Basis points as a percentage input: 7000 → "70", 1250 → "12.5", 25 → "0.25". */
export function bpToInput(bp: number | null | undefined): string {
  if (bp === null || bp === undefined) return "";
  const rest = bp % 100;
  return rest ? `${Math.floor(bp / 100)}.${String(rest).padStart(2, "0").replace(/0$/, "")}` : String(bp / 100);
}
