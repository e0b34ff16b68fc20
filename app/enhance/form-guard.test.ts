import { describe, expect, it } from "vitest";
import { fetchFormToken } from "./form-guard";

const answer = (status: number, body: unknown) =>
  (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe("fetchFormToken", () => {
  it("asks /api/form-token for a token issued now", async () => {
    const asked: string[] = [];
    const fake = (async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ token: "1700000000000.abc" }), { status: 200 });
    }) as unknown as typeof fetch;
    expect(await fetchFormToken(fake)).toBe("1700000000000.abc");
    expect(asked).toEqual(["/api/form-token"]);
  });

  it("gives nothing (the page's token stands) when the answer is an error, malformed, or never comes", async () => {
    expect(await fetchFormToken(answer(503, { error: { code: "internal" } }))).toBeUndefined();
    expect(await fetchFormToken(answer(200, { token: 42 }))).toBeUndefined();
    expect(await fetchFormToken(answer(200, null))).toBeUndefined();
    const offline = (async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    expect(await fetchFormToken(offline)).toBeUndefined();
  });
});
