import { describe, expect, it } from "vitest";
import { addDays, arizonaDate, arizonaDayStart, isIsoDate } from "./arizona";
import { bulkChangeSchema, contactFilterSchema, contactInputSchema, statusChangeSchema } from "./contacts";
import { checkInput } from "./result";

describe("Arizona days", () => {
  it("starts the company's day at 07:00 UTC all year (no daylight saving)", () => {
    expect(arizonaDayStart("2026-01-15")).toBe("2026-01-15T07:00:00.000Z");
    expect(arizonaDayStart("2026-07-15")).toBe("2026-07-15T07:00:00.000Z");
    expect(arizonaDate("2026-11-23T06:59:59.999Z")).toBe("2026-11-22");
    expect(arizonaDate("2026-11-23T07:00:00.000Z")).toBe("2026-11-23");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
  it("accepts only real calendar dates", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("yesterday")).toBe(false);
  });
});

describe("contact schemas", () => {
  it("lower-cases the e-mail and turns empty optional fields into null", () => {
    const parsed = contactInputSchema.parse({
      name: " Ann ",
      email: " Ann@Example.COM ",
      phone: "",
      monthlyVolume: "",
    });
    expect(parsed).toEqual({
      name: "Ann",
      email: "ann@example.com",
      businessName: null,
      phone: null,
      website: null,
      monthlyVolume: null,
      averageTicketCents: null,
      currentProcessor: null,
    });
  });
  it("reads the lead profile's entries by their kind: a listed choice, dollars kept as cents, text", () => {
    expect(
      contactInputSchema.parse({
        name: "Ann",
        email: "ann@example.com",
        monthlyVolume: "10k-50k",
        averageTicketCents: "$1,045.5",
        currentProcessor: " Square ",
      }),
    ).toMatchObject({ monthlyVolume: "10k-50k", averageTicketCents: 104550, currentProcessor: "Square" });
  });
  it("names each bad field", () => {
    const result = checkInput(contactInputSchema, {
      name: "",
      email: "x",
      monthlyVolume: "lots",
      averageTicketCents: "about 40",
    });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.fieldErrors).toMatchObject({
        monthlyVolume: "Choose the monthly card volume from the list.",
        averageTicketCents: "Enter the average sale (ticket) in dollars, e.g. 45.00.",
      });
    if (!result.ok)
      expect(Object.keys(result.fieldErrors ?? {}).sort()).toEqual([
        "averageTicketCents",
        "email",
        "monthlyVolume",
        "name",
      ]);
  });
  it("asks why a lead was lost", () => {
    const lost = checkInput(statusChangeSchema, { status: "lost", lostReason: "  " });
    expect(lost.ok).toBe(false);
    if (!lost.ok) expect(lost.fieldErrors).toEqual({ lostReason: "Say why this lead was lost." });
    expect(statusChangeSchema.parse({ status: "contacted" })).toEqual({ status: "contacted", lostReason: null });
  });
  it("needs something to change in bulk, for at most 200 contacts", () => {
    expect(checkInput(bulkChangeSchema, { ids: ["a"] }).ok).toBe(false);
    expect(checkInput(bulkChangeSchema, { ids: Array.from({ length: 201 }, (_, i) => `${i}`), status: "new" }).ok).toBe(
      false,
    );
    expect(bulkChangeSchema.parse({ ids: ["a"], ownerId: "" })).toMatchObject({ ids: ["a"], ownerId: null });
  });
  it("reads the list's query string, with a sensible sort and page for nonsense", () => {
    expect(contactFilterSchema.parse({ sort: "sideways", page: "-3" })).toMatchObject({ sort: "newest", page: 1 });
    const bad = checkInput(contactFilterSchema, { from: "2026-05-02", to: "2026-05-01" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.fieldErrors).toEqual({ to: "The from date must be on or before the to date." });
  });
});
