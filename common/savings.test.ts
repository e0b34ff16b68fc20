import { describe, expect, it } from "vitest";
import {
  assumptionsFromSettings,
  estimateFigures,
  estimateSavings,
  formatMoney,
  formatPercent,
  freeAnalysisHref,
  parseAmount,
  validateCalculatorInput,
  type CalculatorAssumptions,
} from "./savings";

const assumptions: CalculatorAssumptions = {
  interchangePercent: 1.85,
  markupPercent: 0.25,
  perTransactionFee: 0.1,
  monthlyFee: 10,
};

describe("parseAmount", () => {
  it("reads plain numbers, dollar signs and thousands separators", () => {
    expect(parseAmount("25000")).toBe(25000);
    expect(parseAmount(" $12,500.50 ")).toBe(12500.5);
    expect(parseAmount("0")).toBe(0);
  });
  it("rejects anything that is not a non-negative number", () => {
    for (const bad of ["", "abc", "-5", "1e5", "12.5.1", "$", "Infinity", null, undefined]) {
      expect(parseAmount(bad as string), String(bad)).toBeUndefined();
    }
  });
});

describe("estimateSavings", () => {
  it("prices the month at interchange + markup + per-transaction + monthly fee", () => {
    const result = estimateSavings({ volume: 25000, transactions: 500, fees: 850 }, assumptions);
    // 25,000 × 2.10% = 525; 500 × $0.10 = 50; + $10 = 585
    expect(result.estimatedMonthlyCost).toBe(585);
    expect(result.currentRatePercent).toBeCloseTo(3.4, 10);
    expect(result.estimatedRatePercent).toBeCloseTo(2.34, 10);
    expect(result.averageTicket).toBe(50);
    expect(result.monthlySaving).toBe(265);
    expect(result.yearlySaving).toBe(3180);
    expect(result.outcome).toBe("saving");
  });

  it("never reports a negative saving: a cheaper current setup is 'already-lower'", () => {
    const result = estimateSavings({ volume: 25000, transactions: 500, fees: 500 }, assumptions);
    expect(result.monthlySaving).toBe(0);
    expect(result.yearlySaving).toBe(0);
    expect(result.outcome).toBe("already-lower");
  });

  it("treats an exact tie as no saving", () => {
    const result = estimateSavings({ volume: 25000, transactions: 500, fees: 585 }, assumptions);
    expect(result.outcome).toBe("already-lower");
    expect(result.monthlySaving).toBe(0);
  });

  it("rounds money to cents", () => {
    const result = estimateSavings({ volume: 12345.67, transactions: 321, fees: 400 }, assumptions);
    expect(result.estimatedMonthlyCost).toBe(301.36); // 259.259... + 32.10 + 10
    expect(result.monthlySaving).toBe(98.64);
    expect(result.yearlySaving).toBe(1183.68);
  });

  it("uses the assumptions it is given", () => {
    const result = estimateSavings(
      { volume: 10000, transactions: 100, fees: 400 },
      { interchangePercent: 2, markupPercent: 0.5, perTransactionFee: 0.2, monthlyFee: 0 },
    );
    expect(result.estimatedMonthlyCost).toBe(270);
    expect(result.monthlySaving).toBe(130);
  });
});

describe("validateCalculatorInput", () => {
  it("returns the numbers for valid input", () => {
    expect(validateCalculatorInput({ volume: "$25,000", transactions: "500", fees: "850.25" })).toEqual({
      ok: true,
      input: { volume: 25000, transactions: 500, fees: 850.25 },
    });
  });

  it("explains each invalid field", () => {
    const result = validateCalculatorInput({ volume: "lots", transactions: "2.5", fees: "" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.volume).toMatch(/number of dollars/);
    expect(result.errors.transactions).toMatch(/whole number/);
    expect(result.errors.fees).toMatch(/total fees/);
  });

  it("only flags filled-in fields when not everything is required yet", () => {
    const result = validateCalculatorInput({ volume: "20", transactions: "", fees: "" }, { requireAll: false });
    expect(result).toEqual({ ok: false, errors: { volume: "Enter at least $100 a month." } });
  });

  it("catches implausible combinations", () => {
    const tiny = validateCalculatorInput({ volume: "1000", transactions: "5000", fees: "30" });
    expect(tiny.ok || tiny.errors.transactions).toMatch(/under \$0\.50/);
    const fees = validateCalculatorInput({ volume: "1000", transactions: "10", fees: "1000" });
    expect(fees.ok || fees.errors.fees).toMatch(/less than your card volume/);
    const huge = validateCalculatorInput({ volume: "60000000", transactions: "10", fees: "1" });
    expect(huge.ok || huge.errors.volume).toMatch(/custom quote/);
  });
});

describe("helpers", () => {
  it("builds the Free Analysis link with exactly the calculator's params", () => {
    expect(freeAnalysisHref({ volume: 25000, transactions: 500, fees: 850.5 })).toBe(
      "/contact?from=calculator&volume=25000&transactions=500&fees=850.5",
    );
  });
  it("maps settings to assumptions and formats figures", () => {
    expect(
      assumptionsFromSettings({
        calculatorInterchangePercent: 1.85,
        calculatorMarkupPercent: 0.25,
        calculatorPerTransactionFee: 0.1,
        calculatorMonthlyFee: 10,
      }),
    ).toEqual(assumptions);
    expect(formatMoney(3180)).toBe("$3,180.00");
    expect(formatMoney(3180.4, true)).toBe("$3,180");
    expect(formatPercent(3.4)).toBe("3.40%");
  });
  it("words the results panel's figures", () => {
    const estimate = estimateSavings({ volume: 25000, transactions: 500, fees: 850 }, assumptions);
    expect(estimateFigures(estimate)).toEqual({
      currentRate: "3.40%",
      estimatedCost: "$585.00 a month (2.34%)",
      monthlySaving: "$265.00",
      yearlySaving: "$3,180.00",
    });
  });
});
