import express from "express";
import { ServiceError } from "@common/result";
import { writeAudit } from "../audit/audit";
import { apiActor, apiSession } from "../auth/express";
import { getDb } from "../db";
import { contentDisposition } from "../files/files";
import { sendSuccess } from "../http/api-errors";
import { csvFilename, streamCsv } from "../http/csv";
import { contactSources, listContacts, type ContactPage } from "./contact-list";
import { auditFrom, createContact, getContact, updateContact, type Contact } from "./contacts";
import { contactCsvColumns, contactCsvRows } from "./export";
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
}

/** GET /api/admin/contacts/:id */
export interface ContactDetailResponse {
  contact: Contact;
  submissions: TimelineSubmission[];
  activity: TimelineActivity[];
  erasure: { submissions: number; files: number; notes: number };
  owners: StaffOption[];
}

async function staffOptions(): Promise<StaffOption[]> {
  return getDb().selectFrom("user").select(["id", "name"]).orderBy("name").orderBy("id").execute();
}

export function contactsApi(submissions: ContactSubmissions) {
  const router = express.Router();

  router.get("/", async (req, res) => {
    const me = apiSession(res).user.id;
    const [page, owners, sources] = await Promise.all([
      listContacts(getDb(), req.query, me),
      staffOptions(),
      contactSources(getDb()),
    ]);
    const body: ContactsResponse = { ...page, owners, sources };
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
    const { changed, missing } = await bulkChange(getDb(), apiActor(req, res), req.body);
    const message =
      `${changed} ${changed === 1 ? "contact" : "contacts"} changed.` +
      (missing ? ` ${missing} no longer ${missing === 1 ? "exists" : "exist"}.` : "");
    sendSuccess(res, { message, data: { changed, missing } });
  });

  router.get("/:id", async (req, res) => {
    const db = getDb();
    const contact = await getContact(db, req.params.id);
    const [timeline, erasure, owners] = await Promise.all([
      contactTimeline(db, contact.id, submissions),
      erasureSummary(db, contact.id, submissions),
      staffOptions(),
    ]);
    const body: ContactDetailResponse = { contact, ...timeline, erasure, owners };
    res.json(body);
  });

  router.patch("/:id", async (req, res) => {
    await updateContact(getDb(), apiActor(req, res), req.params.id, req.body);
    sendSuccess(res, { message: "Contact saved." });
  });

  router.put("/:id/status", async (req, res) => {
    const message = await setStatus(getDb(), apiActor(req, res), req.params.id, req.body);
    sendSuccess(res, { message });
  });

  router.put("/:id/owner", async (req, res) => {
    const message = await setOwner(getDb(), apiActor(req, res), req.params.id, req.body);
    sendSuccess(res, { message });
  });

  router.post("/:id/notes", async (req, res) => {
    await addNote(getDb(), apiActor(req, res), req.params.id, req.body);
    sendSuccess(res, { message: "Note added." }, 201);
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
