import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/db";
import { DailySalt, saltOfDay, visitorHash } from "./salt";

const IP = "203.0.113.9";
const UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0.0.0 Safari/537.36";

describe("visitor hash", () => {
  it("is the same for one address and browser under one salt, different under another", () => {
    expect(visitorHash("a".repeat(64), IP, UA)).toBe(visitorHash("a".repeat(64), IP, UA));
    expect(visitorHash("a".repeat(64), IP, UA)).not.toBe(visitorHash("b".repeat(64), IP, UA));
    expect(visitorHash("a".repeat(64), IP, UA)).not.toBe(visitorHash("a".repeat(64), "203.0.113.10", UA));
    expect(visitorHash("a".repeat(64), IP, UA)).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorHash("a".repeat(64), IP, UA)).not.toContain("203");
  });
});

describe("salt rotation (SQLite)", () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase("sqlite");
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it("keeps one salt per day, shared by instances, and throws the last day's away with its hashes", async () => {
    const first = new DailySalt(() => t.db);
    const second = new DailySalt(() => t.db);
    const monday = await first.forDay("2026-11-30");
    expect(monday).toMatch(/^[0-9a-f]{64}$/);
    expect(await second.forDay("2026-11-30")).toBe(monday);
    expect(await first.forDay("2026-11-30")).toBe(monday);
    await t.db
      .insertInto("analytics_visitor_days")
      .values({ day: "2026-11-30", scope: "s", visitor_hash: visitorHash(monday, IP, UA) })
      .execute();

    const tuesday = await second.forDay("2026-12-01");
    expect(tuesday).not.toBe(monday);
    expect(await first.forDay("2026-12-01")).toBe(tuesday);
    expect(visitorHash(tuesday, IP, UA)).not.toBe(visitorHash(monday, IP, UA));
    const salts = await t.db.selectFrom("analytics_salts").selectAll().execute();
    expect(salts).toEqual([{ day: "2026-12-01", salt: tuesday }]);
    expect(await t.db.selectFrom("analytics_visitor_days").selectAll().execute()).toEqual([]);
  });

  it("does not bring an earlier day's salt back", async () => {
    const wednesday = await saltOfDay(t.db, "2026-12-02");
    const again = await saltOfDay(t.db, "2026-12-02");
    expect(again).toBe(wednesday);
    expect(await t.db.selectFrom("analytics_salts").select("day").execute()).toEqual([{ day: "2026-12-02" }]);
  });
});
