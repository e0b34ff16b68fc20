/**
 * The consent texts of server/forms (decision 0049, migrations 0075 and 0090), beside schema.ts so that
 * file stays one page of the core tables: every consent text a visitor was shown, once per
 * version. A submission names its text by `consent_version` (the text's SHA-256, first 16 hex
 * characters), so a text staff change later never changes what an old submission agreed to.
 */
export interface ConsentTextsTable {
  /** sha256(text) as hex, its first 16 characters. */
  version: string;
  text: string;
  /** When it was first stored: its form definition saved or seeded with it (a post, before 0090). */
  first_used_at: string;
}

/** Which consent text each form showed, and when (migration 0090). */
export interface FormConsentTextsTable {
  form_id: string;
  /** consent_texts.version */
  version: string;
  first_shown_at: string;
  /** When the form stopped showing it; null while it is the form's current text. */
  replaced_at: string | null;
}

export interface ConsentTables {
  consent_texts: ConsentTextsTable;
  form_consent_texts: FormConsentTextsTable;
}
