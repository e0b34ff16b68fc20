/**
 * The table of server/form-proof (decision 0051, migration 0085), beside schema.ts so that
 * file stays one page of the core tables.
 */

/** A proof-of-work solution already accepted, kept until its challenge expires (epoch ms). */
export interface FormProofsUsedTable {
  signature: string;
  expires_at: number;
}

export interface FormProofTables {
  form_proofs_used: FormProofsUsedTable;
}
