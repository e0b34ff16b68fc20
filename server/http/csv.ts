import { once } from "node:events";
import type { Response } from "express";

/**
 * The one way to export CSV: streamed row by row (100k rows never sit in memory), UTF-8 with
 * a byte-order mark so Excel reads non-ASCII names, CRLF line ends (RFC 4180), every text
 * cell quoted, and cells that a spreadsheet would run as a formula neutralised with a leading
 * apostrophe (OWASP "CSV injection"): one that starts with =, +, -, @, tab or carriage return,
 * or has a `;`-separated part that does (Excel and LibreOffice in de, fr, es, it, nl … use
 * `;` as the list separator, and "Semi;=1+2" pasted or opened there is two cells).
 */

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

const BOM = "\uFEFF";
// At the start of the cell or of any `;`-separated part of it (spaces before it allowed).
const FORMULA_START = /(?:^|;)[ \u00a0]*[=+\-@\t\r]/;

/** One cell: numbers and booleans as they are; text neutralised, then always quoted (RFC 4180 allows it). */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  // Numbers are data, not formulas: -12 stays -12. Strings that look like one are defused.
  if (typeof value !== "string") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvLine(cells: Array<string | number | boolean | null | undefined>): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** The whole CSV text as chunks: BOM and header first, then one line per row. */
export async function* csvChunks<Row>(columns: Array<CsvColumn<Row>>, rows: AsyncIterable<Row> | Iterable<Row>) {
  yield BOM + csvLine(columns.map((column) => column.header));
  for await (const row of rows) yield csvLine(columns.map((column) => column.value(row)));
}

/** A safe download name: letters, digits, dot, dash and underscore only. */
export function csvFilename(base: string, date = new Date()): string {
  const stem = base.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "export";
  return `${stem}-${date.toISOString().slice(0, 10)}.csv`;
}

/**
 * Streams a CSV download to an Express response, waiting for the socket to drain so memory
 * stays flat however many rows there are. Stops reading rows if the client goes away.
 */
export async function streamCsv<Row>(
  res: Response,
  options: { filename: string; columns: Array<CsvColumn<Row>>; rows: AsyncIterable<Row> | Iterable<Row> },
): Promise<void> {
  res.status(200);
  res.setHeader("Content-Type", "text/csv; charset=utf-8");
  res.setHeader("Content-Disposition", `attachment; filename="${options.filename}"`);
  res.setHeader("Cache-Control", "private, no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  for await (const chunk of csvChunks(options.columns, options.rows)) {
    if (res.destroyed) return;
    if (!res.write(chunk)) await Promise.race([once(res, "drain"), once(res, "close")]);
  }
  res.end();
}

/**
 * Reads a large result in pages by a keyset (the last row of each page gives the next
 * query's starting point), for feeding streamCsv without loading every row at once.
 */
export async function* keysetPages<Row>(
  fetchPage: (after: Row | undefined) => Promise<Row[]>,
  pageSize: number,
): AsyncGenerator<Row> {
  let after: Row | undefined;
  for (;;) {
    const page = await fetchPage(after);
    yield* page;
    if (page.length < pageSize) return;
    after = page[page.length - 1];
  }
}
