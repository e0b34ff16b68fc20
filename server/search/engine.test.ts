import { describe, expect, it } from "vitest";
import {
  createSearchIndex,
  highlight,
  MIN_PREFIX_LENGTH,
  queryTerms,
  runQuery,
  snippet,
  type SearchDoc,
} from "./engine";

function doc(id: string, title: string, text: string, type: SearchDoc["type"] = "post"): SearchDoc {
  return { id, type, url: `/${id}`, title, excerpt: "", category: "", tags: "", headings: "", text, publishedAt: null };
}

const index = createSearchIndex([
  doc("a", "Interchange explained", "Interchange is paid to the issuing bank on every card sale."),
  doc("b", "Avoiding chargebacks", "Chargebacks cost the sale and a fee. Respond to disputes quickly."),
  doc("c", "Reading a statement", "Your statement lists interchange, assessments and fees.", "guide"),
]);

describe("search engine", () => {
  it("ranks a title match above a body mention", () => {
    expect(runQuery(index, "interchange").map((r) => r.id)).toEqual(["a", "c"]);
  });
  it("tolerates typos and matches prefixes from four characters", () => {
    expect(runQuery(index, "interchnge")[0]?.id).toBe("a");
    expect(runQuery(index, "chargeb")[0]?.id).toBe("b");
    expect(MIN_PREFIX_LENGTH).toBeGreaterThanOrEqual(4);
    expect(runQuery(index, "cha")).toEqual([]);
  });
  it("requires every term, falling back to any term when nothing has all", () => {
    expect(runQuery(index, "interchange statement").map((r) => r.id)).toEqual(["c"]);
    expect(runQuery(index, "chargebacks zzzzzz").map((r) => r.id)).toEqual(["b"]);
  });
  it("ignores stop words and empty queries", () => {
    expect(queryTerms("the and of")).toEqual([]);
    expect(runQuery(index, "   ")).toEqual([]);
  });
  it("highlights whole matched words case-insensitively", () => {
    expect(highlight("Chargebacks and chargeback fees", ["chargebacks"])).toEqual([
      { text: "Chargebacks", mark: true },
      { text: " and chargeback fees" },
    ]);
  });
  it("cuts a snippet around the first match at word boundaries", () => {
    const text = `${"word ".repeat(100)}interchange ${"tail ".repeat(100)}`;
    const segments = snippet(text, ["interchange"], "fallback", 120);
    const joined = segments.map((s) => s.text).join("");
    expect(joined.startsWith("… word")).toBe(true);
    expect(joined.endsWith(" …")).toBe(true);
    expect(segments.filter((s) => s.mark)).toEqual([{ text: "interchange", mark: true }]);
    expect(snippet("no match here", ["zebra"], "The excerpt")).toEqual([{ text: "The excerpt" }]);
  });
});
