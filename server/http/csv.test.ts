import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { csvCell, csvChunks, csvFilename, keysetPages, streamCsv, type CsvColumn } from "./csv";

interface Person {
  id: number;
  name: string;
  note: string | null;
}

const columns: Array<CsvColumn<Person>> = [
  { header: "ID", value: (p) => p.id },
  { header: "Name", value: (p) => p.name },
  { header: "Note", value: (p) => p.note },
];

async function text(chunks: AsyncIterable<string>) {
  let out = "";
  for await (const chunk of chunks) out += chunk;
  return out;
}

describe("csvCell", () => {
  it("defuses every character a spreadsheet starts a formula with", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+1 480 555 0100")).toBe(`"'+1 480 555 0100"`);
    expect(csvCell("-2+3")).toBe(`"'-2+3"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("\tcmd")).toBe(`"'\tcmd"`);
    expect(csvCell("\rcmd")).toBe(`"'\rcmd"`);
  });

  it("defuses a cell when any ;-separated part starts a formula (spreadsheets in ;-list locales split there)", () => {
    expect(csvCell("Semi;=1+2;colon")).toBe(`"'Semi;=1+2;colon"`);
    expect(csvCell("a; =HYPERLINK(1)")).toBe(`"'a; =HYPERLINK(1)"`);
    expect(csvCell("a;@SUM(A1)")).toBe(`"'a;@SUM(A1)"`);
    expect(csvCell("a;\u00a0+1")).toBe(`"'a;\u00a0+1"`);
    expect(csvCell("a;b=1;c")).toBe(`"a;b=1;c"`);
    expect(csvCell("2 + 2 = 4")).toBe(`"2 + 2 = 4"`);
  });

  it("keeps numbers and booleans as they are, quotes all text, and empties null", () => {
    expect(csvCell(-12)).toBe("-12");
    expect(csvCell(true)).toBe("true");
    expect(csvCell("Café Olé")).toBe(`"Café Olé"`);
    expect(csvCell("")).toBe(`""`);
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell("Smith, Jane")).toBe('"Smith, Jane"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });
});

describe("csvChunks", () => {
  it("starts with a BOM and the header, then one CRLF line per row", async () => {
    const out = await text(
      csvChunks(columns, [
        { id: 1, name: "José Núñez", note: "=1+1" },
        { id: 2, name: "Ann", note: null },
      ]),
    );
    expect(out).toBe(`\uFEFF"ID","Name","Note"\r\n1,"José Núñez","'=1+1"\r\n2,"Ann",\r\n`);
  });
});

describe("csvFilename", () => {
  it("keeps a safe stem and adds the date", () => {
    expect(csvFilename('contacts "all"/../x', new Date("2026-11-23T12:00:00Z"))).toBe(
      "contacts-all-..-x-2026-11-23.csv",
    );
    expect(csvFilename("", new Date("2026-11-23T12:00:00Z"))).toBe("export-2026-11-23.csv");
  });
});

describe("keysetPages", () => {
  it("asks for each next page after the last row until a short page", async () => {
    const all = Array.from({ length: 7 }, (_, i) => i + 1);
    const asked: Array<number | undefined> = [];
    const rows: number[] = [];
    for await (const row of keysetPages<number>(async (after) => {
      asked.push(after);
      return all.filter((n) => n > (after ?? 0)).slice(0, 3);
    }, 3))
      rows.push(row);
    expect(rows).toEqual(all);
    expect(asked).toEqual([undefined, 3, 6]);
  });
});

describe("streamCsv", () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it("answers an attachment download, private, with every row", async () => {
    const app = express();
    app.get("/export", (_req, res, next) => {
      async function* rows() {
        for (let id = 1; id <= 20_000; id++) yield { id, name: `Person ${id}`, note: id % 2 ? "+odd" : null };
      }
      streamCsv(res, { filename: "people-2026-11-23.csv", columns, rows: rows() }).catch(next);
    });
    server = app.listen(0);
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="people-2026-11-23.csv"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split("\r\n");
    expect(lines).toHaveLength(20_002); // header, 20,000 rows, and the empty string after the last CRLF
    expect(lines[1]).toBe(`1,"Person 1","'+odd"`);
    expect(lines[20_000]).toBe(`20000,"Person 20000",`);
  });
});
