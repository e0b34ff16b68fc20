import express from "express";
import { ServiceError } from "@common/result";
import { getDb } from "../db";
import { csvFilename, streamCsv, type CsvColumn } from "../http/csv";
import { VISITOR_RANGES, visitorReport, type VisitorRange, type VisitorReport } from "./report";

/**
 * /api/admin/dashboard/visitors (the dashboard's "Visitors" section, "dashboard" permission):
 * `GET /?days=7|30|90` the report, its long tables cut to their first TABLE_ROWS rows;
 * `GET /<table>.csv?days=…` one table whole, through the one CSV helper (server/http/csv.ts).
 */

export const TABLE_ROWS = 20;
export type VisitorsResponse = VisitorReport & { tableRows: number };

function rangeOf(value: unknown): VisitorRange {
  const days = Number(value ?? 30);
  if (!VISITOR_RANGES.includes(days as VisitorRange))
    throw new ServiceError("validation", "The period must be 7, 30 or 90 days.", { days: "Choose 7, 30 or 90." });
  return days as VisitorRange;
}

const percent = (bp: number | null) => (bp === null ? "" : (bp / 100).toFixed(2));

type Tables = {
  [K in "perDay" | "pages" | "referrers" | "campaigns" | "sources" | "funnel" | "devices" | "searchMisses"]: Array<
    CsvColumn<VisitorReport[K][number]>
  >;
};

/** Each exportable table: its file name and columns. */
const CSV_TABLES: { [K in keyof Tables]: { file: string; columns: Tables[K] } } = {
  perDay: {
    file: "visitors-per-day",
    columns: [
      { header: "Day (Arizona)", value: (r) => r.date },
      { header: "Views", value: (r) => r.views },
      { header: "Visitors", value: (r) => r.visitors },
    ],
  },
  pages: {
    file: "top-pages",
    columns: [
      { header: "Page", value: (r) => r.path },
      { header: "Views", value: (r) => r.views },
      { header: "Visitors", value: (r) => r.visitors },
    ],
  },
  referrers: {
    file: "top-referrers",
    columns: [
      { header: "Referrer", value: (r) => r.host },
      { header: "Views", value: (r) => r.views },
      { header: "Visitors", value: (r) => r.visitors },
    ],
  },
  campaigns: {
    file: "campaigns",
    columns: [
      { header: "UTM source", value: (r) => r.source },
      { header: "UTM medium", value: (r) => r.medium },
      { header: "UTM campaign", value: (r) => r.campaign },
      { header: "Views", value: (r) => r.views },
      { header: "Visitors", value: (r) => r.visitors },
      { header: "Submissions", value: (r) => r.submissions },
      { header: "Submission rate %", value: (r) => percent(r.submissionRateBp) },
    ],
  },
  sources: {
    file: "conversion-by-source",
    columns: [
      { header: "Source", value: (r) => r.source },
      { header: "Views", value: (r) => r.views },
      { header: "Visitors", value: (r) => r.visitors },
      { header: "Submissions", value: (r) => r.submissions },
      { header: "Submission rate %", value: (r) => percent(r.submissionRateBp) },
      { header: "New contacts", value: (r) => r.contacts },
      { header: "Contacted", value: (r) => r.contacted },
      { header: "Customers", value: (r) => r.customers },
      { header: "Customer rate %", value: (r) => percent(r.customerRateBp) },
    ],
  },
  funnel: {
    file: "form-funnel",
    columns: [
      { header: "Form", value: (r) => r.form },
      { header: "Form views", value: (r) => r.views },
      { header: "Started", value: (r) => r.starts },
      { header: "Calculator used", value: (r) => r.calculator },
      { header: "Submitted", value: (r) => r.submissions },
    ],
  },
  devices: {
    file: "devices",
    columns: [
      { header: "Device", value: (r) => r.device },
      { header: "Views", value: (r) => r.views },
      { header: "Visitors", value: (r) => r.visitors },
    ],
  },
  searchMisses: {
    file: "searches-without-results",
    columns: [
      { header: "Search", value: (r) => r.query },
      { header: "Searches", value: (r) => r.searches },
    ],
  },
};

export type VisitorCsvTable = keyof Tables;
export const VISITOR_CSV_TABLES = Object.keys(CSV_TABLES) as VisitorCsvTable[];

export function visitorsApi() {
  const router = express.Router();
  router.get("/", async (req, res) => {
    const report = await visitorReport(getDb(), rangeOf(req.query.days));
    const cut = <T>(rows: T[]) => rows.slice(0, TABLE_ROWS);
    const body: VisitorsResponse = {
      ...report,
      pages: cut(report.pages),
      referrers: cut(report.referrers),
      campaigns: cut(report.campaigns),
      sources: cut(report.sources),
      searchMisses: cut(report.searchMisses),
      tableRows: TABLE_ROWS,
    };
    res.json(body);
  });
  router.get("/:table.csv", async (req, res) => {
    const table = req.params.table as VisitorCsvTable;
    if (!Object.hasOwn(CSV_TABLES, table)) throw new ServiceError("not_found", "There is no such visitors table.");
    const days = rangeOf(req.query.days);
    const report = await visitorReport(getDb(), days);
    const { file, columns } = CSV_TABLES[table];
    await streamCsv(res, {
      filename: csvFilename(`${file}-${days}-days`),
      columns: columns as Array<CsvColumn<unknown>>,
      rows: report[table] as unknown[],
    });
  });
  return router;
}
