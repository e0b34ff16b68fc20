/**
 * The services bench:leads times, imported through this one module so they share one
 * module graph (one Kysely, as in the server build; separate tsImport calls would each
 * load their own copy).
 */
export { createDatabase, migrateToLatest } from "../server/db/index";
export { contactSources, listContacts } from "../server/contacts/contact-list";
export { contactCsvColumns, contactCsvRows } from "../server/contacts/export";
export { dashboardData } from "../server/dashboard/dashboard";
export { contactSubmissions } from "../server/forms/contact-submissions";
export { getFreeAnalysisForm } from "../server/forms/definitions";
export { submissionCsvColumns, submissionCsvRows } from "../server/forms/export";
export { csvChunks } from "../server/http/csv";
export { sql } from "kysely";
