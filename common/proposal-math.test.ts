import { describe, expect, it } from "vitest";
import { DEFAULT_PRICING, reviewInputSchema, statementFigures } from "./proposals";
import {
  bpToInput,
  centsToInput,
  computeProposal,
  formatBp,
  formatCents,
  mulDivRound,
  parseDollarsToCents,
  parsePercentToBp,
  type Pricing,
} from "./proposal-math";

/**
 * Worked examples of decision 0043, at the default pricing: 0.25 % markup, $0.10 a
 * transaction, $10 a month; estimated pass-through in person 1.65 % + $0.10, keyed
 * 2.20 % + $0.10, online 2.05 % + $0.10. Each expected figure is worked out by hand in the
 * comment beside it.
 */
const pricing: Pricing = DEFAULT_PRICING;

describe("a flat-rate merchant (2.6 % + $0.10 on everything)", () => {
  // $20,000.00 over 500 sales, all in person: 2.6 % × 20,000 = $520 + 500 × $0.10 = $570.
  const r = computeProposal({ volumeCents: 2_000_000, transactions: 500, feesCents: 57_000 }, pricing);

  it("has an effective rate of 2.85 % and an average ticket of $40.00", () => {
    expect(r.effectiveRateBp).toBe(285); // 570 / 20,000
    expect(r.averageTicketCents).toBe(4_000); // 20,000 / 500
  });

  it("would pay $490.00 with Meritum and save $80.00 a month, $960.00 a year", () => {
    expect(r.passThroughSource).toBe("estimate");
    expect(r.channels).toEqual([{ channel: "inPerson", mixBp: 10_000, rate: { bp: 165, cents: 10 }, cents: 38_000 }]);
    expect(r.passThroughCents).toBe(38_000); // 1.65 % × 20,000 = 330 + 500 × 0.10 = 50
    expect(r.markupCents).toBe(5_000); // 0.25 % × 20,000
    expect(r.perTransactionCents).toBe(5_000); // 500 × 0.10
    expect(r.monthlyFeeCents).toBe(1_000);
    expect(r.proposedCents).toBe(49_000);
    expect(r.proposedRateBp).toBe(245);
    expect(r.monthlySavingsCents).toBe(8_000);
    expect(r.annualSavingsCents).toBe(96_000);
    expect(r.savingsBp).toBe(1_404); // 80 / 570 = 14.035 % → 14.04 %
    expect(r.outcome).toBe("saving");
    expect(r.breakdown).toBeNull();
  });
});

describe("a tiered merchant with a card mix and a statement breakdown", () => {
  // $45,000.00 over 1,200 sales: 70 % in person, 10 % keyed, 20 % online. Qualified,
  // mid- and non-qualified tiers came to $1,456.30 with the fixed fees below.
  const input = reviewInputSchema.parse({
    statementMonth: "2026-10",
    volume: "45,000.00",
    transactions: "1,200",
    fees: "$1,456.30",
    monthly: "29.95",
    pci: "19.95",
    statement: "10",
    equipmentLease: "49.00",
    mixInPerson: "70",
    mixKeyed: "10",
    mixOnline: "20",
  });
  const r = computeProposal(statementFigures(input), pricing);

  it("reads the worksheet's dollars and percentages exactly", () => {
    expect(input.volume).toBe(4_500_000);
    expect(input.fees).toBe(145_630);
    expect(input.mixInPerson).toBe(7_000);
  });

  it("shows the statement's lines and what they leave unexplained", () => {
    expect(r.breakdown).toEqual({
      lines: [
        { line: "monthly", cents: 2_995 },
        { line: "pci", cents: 1_995 },
        { line: "statement", cents: 1_000 },
        { line: "equipmentLease", cents: 4_900 },
      ],
      otherCents: 134_740, // 1,456.30 − 108.90
    });
    expect(r.effectiveRateBp).toBe(324); // 1,456.30 / 45,000 = 3.2362 %
    expect(r.averageTicketCents).toBe(3_750);
  });

  it("estimates pass-through channel by channel and saves $290.55 a month", () => {
    expect(r.channels.map((c) => c.cents)).toEqual([
      60_375, // in person: 31,500 × 1.65 % = 519.75 + 840 × 0.10 = 84 → 603.75
      11_100, // keyed: 4,500 × 2.20 % = 99 + 120 × 0.10 = 12 → 111.00
      20_850, // online: 9,000 × 2.05 % = 184.50 + 240 × 0.10 = 24 → 208.50
    ]);
    expect(r.passThroughCents).toBe(92_325);
    expect(r.markupCents).toBe(11_250); // 0.25 % × 45,000
    expect(r.perTransactionCents).toBe(12_000);
    expect(r.proposedCents).toBe(116_575); // 923.25 + 112.50 + 120 + 10
    expect(r.proposedRateBp).toBe(259); // 2.5906 %
    expect(r.monthlySavingsCents).toBe(29_055);
    expect(r.annualSavingsCents).toBe(348_660);
    expect(r.outcome).toBe("saving");
  });
});

describe("a merchant who would not save", () => {
  it("on cheap interchange-plus already: Meritum would cost $410.00 a month more", () => {
    // $100,000 over 2,000 sales, fees $1,900 (1.90 %). Meritum: 1,650 + 200 + 250 + 200 + 10 = $2,310.
    const r = computeProposal({ volumeCents: 10_000_000, transactions: 2_000, feesCents: 190_000 }, pricing);
    expect(r.proposedCents).toBe(231_000);
    expect(r.monthlySavingsCents).toBe(-41_000);
    expect(r.annualSavingsCents).toBe(-492_000);
    expect(r.outcome).toBe("no-saving");
    expect(formatCents(r.monthlySavingsCents)).toBe("-$410.00");
  });

  it("uses the statement's own pass-through line when it has one", () => {
    // Pass-through $1,700 as printed: 1,700 + 250 + 200 + 10 = $2,160 against $1,900.
    const r = computeProposal(
      { volumeCents: 10_000_000, transactions: 2_000, feesCents: 190_000, breakdown: { passThrough: 170_000 } },
      pricing,
    );
    expect(r.passThroughSource).toBe("statement");
    expect(r.passThroughCents).toBe(170_000);
    expect(r.proposedCents).toBe(216_000);
    expect(r.outcome).toBe("no-saving");
  });

  it("a saving of exactly nothing is not a saving", () => {
    const r = computeProposal({ volumeCents: 2_000_000, transactions: 500, feesCents: 49_000 }, pricing);
    expect(r.monthlySavingsCents).toBe(0);
    expect(r.outcome).toBe("no-saving");
  });
});

describe("rounding at half a cent: halves go away from zero", () => {
  it("rounds each shown figure once", () => {
    // Markup: 0.25 % of $12,338.00 = 30.845 → $30.85 (banker's rounding would give 30.84).
    expect(computeProposal({ volumeCents: 1_233_800, transactions: 100, feesCents: 40_000 }, pricing).markupCents).toBe(
      3_085,
    );
    // Effective rate: $5.71 / $200.00 = 2.855 % → 2.86 %.
    expect(computeProposal({ volumeCents: 20_000, transactions: 10, feesCents: 571 }, pricing).effectiveRateBp).toBe(
      286,
    );
    // Average ticket: $10.01 / 2 = 5.005 → $5.01.
    expect(computeProposal({ volumeCents: 1_001, transactions: 2, feesCents: 50 }, pricing).averageTicketCents).toBe(
      501,
    );
    // One in-person sale of $10.00: 1.65 % = 16.5¢ + 10¢ = 26.5¢ → 27¢.
    expect(computeProposal({ volumeCents: 1_000, transactions: 1, feesCents: 50 }, pricing).channels[0]!.cents).toBe(
      27,
    );
  });

  it("mulDivRound is exact and symmetric about zero", () => {
    expect(mulDivRound(5, 1, 2)).toBe(3);
    expect(mulDivRound(-5, 1, 2)).toBe(-3);
    expect(mulDivRound(7, 1, 2)).toBe(4);
    expect(mulDivRound(1, 1, 3)).toBe(0);
    expect(mulDivRound(2, 1, 3)).toBe(1);
    // Past 2^53 in the product (1.5 × 10^16), still exact: 15,000,004,996,999,999 / 4,000,000 = 3,750,001,249.2499…
    expect(mulDivRound(4_999_999_999, 3_000_001, 4_000_000)).toBe(3_750_001_249);
  });

  it("totals add the rounded lines, so the page adds up", () => {
    const r = computeProposal(
      {
        volumeCents: 1_234_567,
        transactions: 321,
        feesCents: 40_000,
        mix: { inPerson: 3_333, keyed: 3_333, online: 3_334 },
      },
      pricing,
    );
    expect(r.passThroughCents).toBe(r.channels.reduce((s, c) => s + c.cents, 0));
    expect(r.proposedCents).toBe(r.passThroughCents + r.markupCents + r.perTransactionCents + r.monthlyFeeCents);
    expect(r.annualSavingsCents).toBe(12 * r.monthlySavingsCents);
  });
});

describe("reading and writing the worksheet's numbers", () => {
  it("parses dollars and percentages without floating point", () => {
    expect(parseDollarsToCents("1,234.56")).toBe(123_456);
    expect(parseDollarsToCents("$0.1")).toBe(10);
    expect(parseDollarsToCents("19.999")).toBeUndefined();
    expect(parseDollarsToCents("-5")).toBeUndefined();
    expect(parseDollarsToCents("1e3")).toBeUndefined();
    expect(parsePercentToBp("0.25")).toBe(25);
    expect(parsePercentToBp("12.5%")).toBe(1_250);
    expect(parsePercentToBp("0.125")).toBeUndefined();
  });

  it("formats cents and basis points", () => {
    expect(formatCents(123_456_789)).toBe("$1,234,567.89");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(-5)).toBe("-$0.05");
    expect(formatBp(285)).toBe("2.85%");
    expect(formatBp(-12)).toBe("-0.12%");
    expect(centsToInput(123_456)).toBe("1234.56");
    expect(bpToInput(7_000)).toBe("70");
    expect(bpToInput(1_250)).toBe("12.5");
    expect(bpToInput(25)).toBe("0.25");
  });

  it("refuses figures that cannot be right, naming the field", () => {
    const bad = reviewInputSchema.safeParse({
      statementMonth: "2026-13",
      volume: "1,000",
      transactions: "0",
      fees: "2,000",
      mixInPerson: "50",
      mixOnline: "40",
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["statementMonth", "transactions"]));
    const mix = reviewInputSchema.safeParse({
      statementMonth: "2026-10",
      volume: "1,000",
      transactions: "10",
      fees: "2,000",
      mixInPerson: "50",
      mixOnline: "40",
    });
    expect(mix.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["fees", "The total fees are more than the card volume: check both figures."],
      ["mixInPerson", "The card mix must add up to 100 % (or leave all three blank)."],
    ]);
  });
});
