import * as z from "zod/mini";
import { formatCount } from "./text";
import {
  BREAKDOWN_LINES,
  CARD_CHANNELS,
  parseDollarsToCents,
  parsePercentToBp,
  type BreakdownLine,
  type CardChannel,
  type Pricing,
  type StatementFigures,
} from "./proposal-math";

/**
 * Inputs of the pricing screen and the statement review worksheet (decision 0043). Staff
 * type dollars and percentages; the schemas turn them into integer cents and basis points
 * exactly (no floating point), so the form, the API and the service read one shape.
 */

export const PROPOSAL_LIMITS = {
  /** $50,000,000 a month of card volume. */
  maxVolumeCents: 5_000_000_000,
  maxTransactions: 5_000_000,
  /** 10 % markup, $5 per item, $1,000 a month. */
  maxMarkupBp: 1_000,
  maxPerItemCents: 500,
  maxMonthlyFeeCents: 100_000,
  /** A pass-through percentage above 10 % is a typo. */
  maxPassThroughBp: 1_000,
  /** Days a proposal link stays open. */
  validDays: 30,
  note: 1000,
} as const;

/**
 * The pricing a fresh install starts with. Markup, per-item and monthly fee match the public
 * savings calculator's illustration (0.25 % + $0.10, $10 a month). The pass-through rates are
 * Meritum's estimates of interchange plus card-network assessments for a typical US mix of
 * debit, rewards and business cards in each channel, built from the networks' published US
 * interchange schedules (e.g. Visa CPS/Retail credit 1.51 % + $0.10, CPS/Card Not Present and
 * e-commerce around 1.80 % + $0.10, Mastercard Merit I 1.89 % + $0.10, regulated debit
 * 0.05 % + $0.22) plus assessments of about 0.13-0.14 %. They are estimates, labelled so on
 * every screen and proposal; admins change them on the pricing screen as the schedules change.
 */
export const DEFAULT_PRICING: Pricing = {
  markupBp: 25,
  perTransactionCents: 10,
  monthlyFeeCents: 1_000,
  passThrough: {
    inPerson: { bp: 165, cents: 10 },
    keyed: { bp: 220, cents: 10 },
    online: { bp: 205, cents: 10 },
  },
};

type Issues = { issues: Array<{ code: "custom"; input: unknown; message: string }> };
const blank = (raw: unknown) => (raw === null || raw === undefined ? "" : String(raw).trim());
const rawInput = z.optional(z.union([z.string(), z.number(), z.null()]));

/** Dollars as typed ("1,234.56"; a number in JSON) → cents, or an issue; blank → null. */
function readDollars(raw: unknown, ctx: Issues, label: string, range: { min?: number; max: number }) {
  const text = blank(raw);
  if (!text) return null;
  const cents = parseDollarsToCents(text);
  if (cents === undefined) {
    ctx.issues.push({ code: "custom", input: raw, message: `Enter ${label} in dollars, e.g. 1,234.56.` });
    return undefined;
  }
  if (cents < (range.min ?? 0) || cents > range.max) {
    const span = `between $${((range.min ?? 0) / 100).toFixed(2)} and $${formatCount(range.max / 100)}`;
    ctx.issues.push({ code: "custom", input: raw, message: `${capital(label)} must be ${span}.` });
    return undefined;
  }
  return cents;
}

/** A percentage as typed ("0.25", "70") → basis points, or an issue; blank → null. */
function readPercent(raw: unknown, ctx: Issues, label: string, maxBp: number) {
  const text = blank(raw);
  if (!text) return null;
  const bp = parsePercentToBp(text);
  if (bp === undefined || bp > maxBp) {
    const message = `Enter ${label} as a percentage from 0 to ${maxBp / 100}, with at most two decimals.`;
    ctx.issues.push({ code: "custom", input: raw, message });
    return undefined;
  }
  return bp;
}

function required<T>(value: T | null | undefined, raw: unknown, ctx: Issues, label: string): T {
  if (value === null) ctx.issues.push({ code: "custom", input: raw, message: `Enter ${label}.` });
  return value === null || value === undefined ? (z.NEVER as T) : value;
}

/** Required dollars → cents. */
function dollarsField(label: string, range: { min?: number; max: number }) {
  return z.pipe(
    rawInput,
    z.transform((raw, ctx) => required(readDollars(raw, ctx as Issues, label, range), raw, ctx as Issues, label)),
  );
}

/** Optional dollars → cents or null. */
function optionalDollarsField(label: string, range: { max: number }) {
  return z.pipe(
    rawInput,
    z.transform((raw, ctx) => {
      const cents = readDollars(raw, ctx as Issues, label, range);
      return cents === undefined ? (z.NEVER as number) : cents;
    }),
  );
}

/** Required percentage → basis points. */
function percentField(label: string, maxBp: number) {
  return z.pipe(
    rawInput,
    z.transform((raw, ctx) => required(readPercent(raw, ctx as Issues, label, maxBp), raw, ctx as Issues, label)),
  );
}

/** Optional percentage → basis points or null. */
function optionalPercentField(label: string, maxBp: number) {
  return z.pipe(
    rawInput,
    z.transform((raw, ctx) => {
      const bp = readPercent(raw, ctx as Issues, label, maxBp);
      return bp === undefined ? (z.NEVER as number) : bp;
    }),
  );
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const CHANNEL_WORDS: Record<CardChannel, string> = { inPerson: "in-person", keyed: "keyed", online: "online" };

/** The pricing screen's fields (dollars and percentages as typed). */
export const pricingInputSchema = z.object({
  markupPercent: percentField("the markup", PROPOSAL_LIMITS.maxMarkupBp),
  perTransaction: dollarsField("the fee per transaction", { max: PROPOSAL_LIMITS.maxPerItemCents }),
  monthlyFee: dollarsField("the monthly fee", { max: PROPOSAL_LIMITS.maxMonthlyFeeCents }),
  ...(Object.fromEntries(
    CARD_CHANNELS.flatMap((c) => [
      [
        `${c}Percent`,
        percentField(`the ${CHANNEL_WORDS[c]} pass-through percentage`, PROPOSAL_LIMITS.maxPassThroughBp),
      ],
      [
        `${c}PerItem`,
        dollarsField(`the ${CHANNEL_WORDS[c]} pass-through per transaction`, { max: PROPOSAL_LIMITS.maxPerItemCents }),
      ],
    ]),
  ) as Record<`${CardChannel}Percent` | `${CardChannel}PerItem`, ReturnType<typeof percentField>>),
});
export type PricingInput = z.output<typeof pricingInputSchema>;

/** The pricing screen's values as stored. */
export function pricingFromInput(v: PricingInput): Pricing {
  return {
    markupBp: v.markupPercent,
    perTransactionCents: v.perTransaction,
    monthlyFeeCents: v.monthlyFee,
    passThrough: Object.fromEntries(
      CARD_CHANNELS.map((c) => [c, { bp: v[`${c}Percent`], cents: v[`${c}PerItem`] }]),
    ) as Pricing["passThrough"],
  };
}

const STATEMENT_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

const breakdownFields = Object.fromEntries(
  BREAKDOWN_LINES.map((line) => [line, optionalDollarsField("this amount", { max: PROPOSAL_LIMITS.maxVolumeCents })]),
) as Record<BreakdownLine, ReturnType<typeof optionalDollarsField>>;

const mixFields = {
  mixInPerson: optionalPercentField("the in-person share", 10_000),
  mixKeyed: optionalPercentField("the keyed share", 10_000),
  mixOnline: optionalPercentField("the online share", 10_000),
};

/** The worksheet: the statement's required figures, its optional lines and card mix. */
export const reviewInputSchema = z
  .object({
    statementId: z.pipe(
      z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(64)))),
      z.transform((v) => (v ? v : null)),
    ),
    statementMonth: z
      .string({ error: "Enter the statement's month." })
      .check(z.trim(), z.regex(STATEMENT_MONTH, "Enter the statement's month as YYYY-MM, e.g. 2026-10.")),
    volume: dollarsField("the card volume", { min: 100, max: PROPOSAL_LIMITS.maxVolumeCents }),
    transactions: z.pipe(
      z.optional(z.union([z.string(), z.number(), z.null()])),
      z.transform((raw, ctx) => {
        const text = blank(raw).replace(/,/g, "");
        const n = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
        if (!(n >= 1 && n <= PROPOSAL_LIMITS.maxTransactions)) {
          ctx.issues.push({
            code: "custom",
            input: raw,
            message: `Enter the number of transactions, a whole number from 1 to ${formatCount(PROPOSAL_LIMITS.maxTransactions)}.`,
          });
          return z.NEVER;
        }
        return n;
      }),
    ),
    fees: dollarsField("the total fees", { min: 1, max: PROPOSAL_LIMITS.maxVolumeCents }),
    ...breakdownFields,
    ...mixFields,
  })
  .check(
    z.superRefine((v, ctx) => {
      if (typeof v.volume !== "number" || typeof v.fees !== "number") return;
      if (v.fees > v.volume)
        ctx.issues.push({
          code: "custom",
          input: v.fees,
          path: ["fees"],
          message: "The total fees are more than the card volume: check both figures.",
        });
      if (typeof v.transactions === "number" && v.transactions > v.volume)
        ctx.issues.push({
          code: "custom",
          input: v.transactions,
          path: ["transactions"],
          message: "More transactions than cents of volume: check the number of transactions.",
        });
      const parts = BREAKDOWN_LINES.reduce((sum, line) => sum + (v[line] ?? 0), 0);
      if (parts > v.fees) {
        const first = BREAKDOWN_LINES.find((line) => v[line] !== null) ?? "passThrough";
        ctx.issues.push({
          code: "custom",
          input: parts,
          path: [first],
          message: "The statement's lines add up to more than the total fees: check them.",
        });
      }
      const mix = [v.mixInPerson, v.mixKeyed, v.mixOnline];
      if (mix.some((m) => m !== null) && mix.reduce<number>((s, m) => s + (m ?? 0), 0) !== 10_000)
        ctx.issues.push({
          code: "custom",
          input: mix,
          path: ["mixInPerson"],
          message: "The card mix must add up to 100 % (or leave all three blank).",
        });
    }),
  );
export type ReviewInput = z.output<typeof reviewInputSchema>;

/** The worksheet's values as the calculation reads them. */
export function statementFigures(v: ReviewInput): StatementFigures {
  const mixGiven = v.mixInPerson !== null || v.mixKeyed !== null || v.mixOnline !== null;
  return {
    volumeCents: v.volume,
    transactions: v.transactions,
    feesCents: v.fees,
    breakdown: Object.fromEntries(BREAKDOWN_LINES.map((line) => [line, v[line]])),
    mix: mixGiven ? { inPerson: v.mixInPerson ?? 0, keyed: v.mixKeyed ?? 0, online: v.mixOnline ?? 0 } : null,
  };
}

/** Sending: the worksheet, plus the explicit yes a proposal without a saving needs. */
export const sendProposalSchema = z.object({
  confirmNoSaving: z.pipe(
    z.optional(z.union([z.boolean(), z.string()])),
    z.transform((v) => v === true || v === "true" || v === "on"),
  ),
  note: z.pipe(
    z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(PROPOSAL_LIMITS.note)))),
    z.transform((v) => (v ? v : null)),
  ),
});

/** Where a contact's proposal stands (the contacts list filters by it). */
export const PROPOSAL_STATES = ["reviewed", "sent", "viewed", "accepted"] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];
export const PROPOSAL_STATE_LABELS: Record<ProposalState, string> = {
  reviewed: "Reviewed, not sent",
  sent: "Proposal sent",
  viewed: "Proposal viewed",
  accepted: "Proposal accepted",
};

/** "2026-10" → "October 2026". */
export function statementMonthLabel(month: string): string {
  const match = STATEMENT_MONTH.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(date);
}
