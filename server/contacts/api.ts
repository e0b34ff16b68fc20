import express from "express";
import { businessMinutesBetween } from "@common/business-hours";
import { ServiceError } from "@common/result";
import { writeAudit } from "../audit/audit";
import { apiActor, apiSession } from "../auth/express";
import { getDb } from "../db";
import { contentDisposition } from "../files/files";
import { getSiteSettings } from "../settings/settings";
import type { SiteSettings } from "@common/settings";
import { sendSuccess } from "../http/api-errors";
import { csvFilename, streamCsv } from "../http/csv";
import { contactSources, listContacts, type ContactPage } from "./contact-list";
import { auditFrom, createContact, getContact, updateContact, type Contact } from "./contacts";
import { contactCsvColumns, contactCsvRows } from "./export";
import { logTouch } from "./response";
import { addNote, bulkChange, deleteContact, erasureSummary, setOwner, setStatus } from "./pipeline";
import type { ContactSubmissions } from "./submission-port";
import { contactTimeline, type TimelineActivity, type TimelineSubmission } from "./timeline";

/** "1 file", "2 files". */
const count = (n: number, noun: string) => `${n} ${n === 1 ? noun : `${noun}s`}`;

/**
 * /api/admin/contacts (the "contacts" permission, checked when mounted): the list with its
 * filters, one contact with its timeline, hand-made contacts, edits, status, owner, notes,
 * bulk changes, the CSV export, downloads of the files its submissions carry and erasure.
 * Every change is audited by the contacts services. The contact's submissions are server/forms'
 * (`submissions`, handed in by the composition of the admin API).
 */

/** A staff member as an owner choice: the name only (editors read this list; e-mails are for Users). */
export interface StaffOption {
  id: string;
  name: string;
}

/** GET /api/admin/contacts?q&status&owner&source&from&to&sort&page */
export interface ContactsResponse extends ContactPage {
  owners: StaffOption[];
  sources: string[];
  /** The rows whose oldest unanswered lead is past the response target (business minutes). */
  overdue: string[];
}

/** How long a contact's oldest unanswered lead has waited, against the target (decision 0048). */
export interface ContactWaiting {
  since: string;
  businessMinutes: number;
  targetMinutes: number;
  overdue: boolean;
}

/** GET /api/admin/contacts/:id */
export interface ContactDetailResponse {
  contact: Contact;
  submissions: TimelineSubmission[];
  activity: TimelineActivity[];
  erasure: { submissions: number; files: number; notes: number };
  owners: StaffOption[];
  waiting: ContactWaiting | null;
}

type ClockSettings = Pick<SiteSettings, "openingHours" | "responseTargetMinutes">;

function waitingOf(since: string | null, settings: ClockSettings, now = new Date()): ContactWaiting | null {
  if (!since) return null;
  const { openingHours, responseTargetMinutes } = settings;
  const businessMinutes = businessMinutesBetween(since, now, openingHours);
  return {
    since,
    businessMinutes,
    targetMinutes: responseTargetMinutes,
    overdue: businessMinutes >= responseTargetMinutes,
  };
}

async function staffOptions(): Promise<StaffOption[]> {
  return getDb().selectFrom("user").select(["id", "name"]).orderBy("name").orderBy("id").execute();
}

export function contactsApi(submissions: ContactSubmissions) {
  const router = express.Router();

  router.get("/", async (req, res) => {
    const me = apiSession(res).user.id;
    const [page, owners, sources, settings] = await Promise.all([
      listContacts(getDb(), req.query, me),
      staffOptions(),
      contactSources(getDb()),
      getSiteSettings(getDb()),
    ]);
    const now = new Date();
    const overdue = page.rows.filter((r) => waitingOf(r.waitingSince, settings, now)?.overdue).map((r) => r.id);
    const body: ContactsResponse = { ...page, owners, sources, overdue };
    res.json(body);
  });

  router.post("/", async (req, res) => {
    const created = await createContact(getDb(), apiActor(req, res), req.body);
    sendSuccess(res, { message: "Contact added.", data: created }, 201);
  });

  router.get("/export.csv", async (req, res) => {
    const rows = contactCsvRows(getDb(), req.query, apiSession(res).user.id, submissions);
    // Who took a copy of the contacts, and with which filters (their names only: a search may be personal data).
    const filters = Object.keys(req.query).filter((k) => req.query[k]);
    await writeAudit(getDb(), { action: "contact.exported", ...auditFrom(apiActor(req, res)), details: { filters } });
    await streamCsv(res, { filename: csvFilename("contacts"), columns: contactCsvColumns, rows });
  });

  router.post("/bulk", async (req, res) => {
    const { changed, missing } = await bulkChange(getDb(), apiActor(req, res), req.body, submissions);
    const message =
      `${changed} ${changed === 1 ? "contact" : "contacts"} changed.` +
      (missing ? ` ${missing} no longer ${missing === 1 ? "exists" : "exist"}.` : "");
    sendSuccess(res, { message, data: { changed, missing } });
  });

  router.get("/:id", async (req, res) => {
    const db = getDb();
    const contact = await getContact(db, req.params.id);
    const [timeline, erasure, owners, settings] = await Promise.all([
      contactTimeline(db, contact.id, submissions),
      erasureSummary(db, contact.id, submissions),
      staffOptions(),
      getSiteSettings(db),
    ]);
    const waiting = waitingOf(contact.waitingSince, settings);
    const body: ContactDetailResponse = { contact, ...timeline, erasure, owners, waiting };
    res.json(body);
  });

  router.patch("/:id", async (req, res) => {
    await updateContact(getDb(), apiActor(req, res), req.params.id, req.body);
    sendSuccess(res, { message: "Contact saved." });
  });

  router.put("/:id/status", async (req, res) => {
    const message = await setStatus(getDb(), apiActor(req, res), req.params.id, req.body, submissions);
    sendSuccess(res, { message });
  });

  router.put("/:id/owner", async (req, res) => {
    const message = await setOwner(getDb(), apiActor(req, res), req.params.id, req.body, submissions);
    sendSuccess(res, { message });
  });

  router.post("/:id/notes", async (req, res) => {
    await addNote(getDb(), apiActor(req, res), req.params.id, req.body, submissions);
    sendSuccess(res, { message: "Note added." }, 201);
  });

  // "Logged a call" / "Logged an e-mail" (decision 0048).
  router.post("/:id/touches", async (req, res) => {
    const message = await logTouch(getDb(), apiActor(req, res), req.params.id, req.body, submissions);
    sendSuccess(res, { message }, 201);
  });

  router.get("/:id/files/:fileId", async (req, res) => {
    const db = getDb();
    await getContact(db, req.params.id);
    const file = await submissions.readFile(db, req.params.id, req.params.fileId);
    if (!file) throw new ServiceError("not_found", "This file does not exist (it may have been deleted).");
    res.set({
      "Content-Type": file.mimeType,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": contentDisposition("attachment", file.filename, file.mimeType),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
    res.end(file.bytes);
  });

  router.delete("/:id", async (req, res) => {
    const erased = await deleteContact(getDb(), apiActor(req, res), req.params.id, submissions);
    sendSuccess(res, {
      message: `Contact erased with ${count(erased.submissions, "submission")} and ${count(erased.files, "file")}.`,
    });
  });

  return router;
}
