import type { Migration } from "kysely/migration";
import * as m0001 from "./0001-site-settings";
import * as m0002 from "./0002-industries";
import * as m0003 from "./0003-leads";
import * as m0004 from "./0004-content";
import * as m0005 from "./0005-auth";
import * as m0006 from "./0006-stored-files";
import * as m0015 from "./0015-session-security";
import * as m0020 from "./0020-rate-limits";
import * as m0021 from "./0021-statements-in-file-store";
import * as m0022 from "./0022-jobs";
import * as m0030 from "./0030-content-editor";
import * as m0035 from "./0035-redirects";
import * as m0036 from "./0036-images";
import * as m0037 from "./0037-one-redirects-table";
import * as m0040 from "./0040-contacts-pipeline";
import * as m0041 from "./0041-contacts-search";
import * as m0045 from "./0045-forms";
import * as m0050 from "./0050-one-submissions-table";
import * as m0052 from "./0052-visitor-analytics";
import * as m0055 from "./0055-proposals";
import * as m0060 from "./0060-webhooks";
import * as m0065 from "./0065-auto-reply";
import * as m0070 from "./0070-response-clock";
import * as m0075 from "./0075-consent-evidence-and-retention";
import * as m0080 from "./0080-privacy-requests";
import * as m0085 from "./0085-form-proofs";
import * as m0090 from "./0090-form-consent-texts";

/**
 * Every migration, in order. Listed statically (not read from the file system) so the
 * bundled server build carries them. Names sort lexically; never rename a landed one.
 */
export const migrations: Record<string, Migration> = {
  "0001-site-settings": m0001,
  "0002-industries": m0002,
  "0003-leads": m0003,
  "0004-content": m0004,
  "0005-auth": m0005,
  "0006-stored-files": m0006,
  "0015-session-security": m0015,
  "0020-rate-limits": m0020,
  "0021-statements-in-file-store": m0021,
  "0022-jobs": m0022,
  "0030-content-editor": m0030,
  "0035-redirects": m0035,
  "0036-images": m0036,
  "0037-one-redirects-table": m0037,
  "0040-contacts-pipeline": m0040,
  "0041-contacts-search": m0041,
  "0045-forms": m0045,
  "0050-one-submissions-table": m0050,
  "0052-visitor-analytics": m0052,
  "0055-proposals": m0055,
  "0060-webhooks": m0060,
  "0065-auto-reply": m0065,
  "0070-response-clock": m0070,
  "0075-consent-evidence-and-retention": m0075,
  "0080-privacy-requests": m0080,
  "0085-form-proofs": m0085,
  "0090-form-consent-texts": m0090,
};
