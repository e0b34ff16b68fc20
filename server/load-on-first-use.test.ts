import { describe, expect, it } from "vitest";
import { loadOnFirstUse } from "./load-on-first-use";

describe("loadOnFirstUse", () => {
  it("loads on the first call, not before, and once however many calls wait", async () => {
    let loads = 0;
    const load = loadOnFirstUse(async () => ({ n: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([load(), load()]);
    expect(await load()).toBe(a);
    expect(b).toBe(a);
    expect(loads).toBe(1);
  });

  it("tries again after a load that failed", async () => {
    let attempts = 0;
    const load = loadOnFirstUse(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("not installed");
      return "loaded";
    });
    await expect(load()).rejects.toThrow("not installed");
    await expect(load()).resolves.toBe("loaded");
    expect(attempts).toBe(2);
  });
});
