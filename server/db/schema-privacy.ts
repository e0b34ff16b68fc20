/* The privacy requests table (owned by server/privacy; migration 0080, decision 0050). */

import type { PrivacyRequestKind, PrivacyRequestStatus } from "@common/privacy";

/** status: unverified (the requester has not opened the e-mailed link yet), open (verified and due), done. */

export interface PrivacyRequestsTable {
  id: string;
  /** The privacy-request form's submission (null once erased). */
  submission_id: string | null;
  /** The requester's lower-cased e-mail; null once their data was erased. */
  email: string | null;
  kind: PrivacyRequestKind;
  status: PrivacyRequestStatus;
  created_at: string;
  verified_at: string | null;
  /** 45 days after verification. */
  due_at: string | null;
  done_at: string | null;
  done_by_name: string | null;
  erased_at: string | null;
}

export interface PrivacyTables {
  privacy_requests: PrivacyRequestsTable;
}
