/**
 * The consent texts of server/forms (decision 0049, migration 0075), beside schema.ts so that
 * file stays one page of the core tables: every consent text a visitor was shown, once per
 * version. A submission names its text by `consent_version` (the text's SHA-256, first 16 hex
 * characters), so a text staff change later never changes what an old submission agreed to.
 */
export interface ConsentTextsTable {
  /** sha256(text) as hex, its first 16 characters. */
  version: string;
  text: string;
  /** When a submission first used it. */
  first_used_at: string;
}

export interface ConsentTables {
  consent_texts: ConsentTextsTable;
}
