import type { NextFunction, Request, Response } from "express";
import { sendApiError } from "./api-errors";

export const MALFORMED_PATH_MESSAGE = "This address is not valid: it has a broken %-encoding.";

/**
 * A path whose percent-encoding does not decode ("/api/admin/contacts/%E0%A4%A", "/%") is the
 * client's mistake: 400, before any router, the page cache or React Router tries to decode it
 * (they would throw, and answer 500).
 */
export function refuseMalformedPath() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (decodes(req.path)) return next();
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (req.path.startsWith("/api/")) return sendApiError(res, "bad_request", MALFORMED_PATH_MESSAGE);
    res.status(400).type("text/plain").send(`Bad request. ${MALFORMED_PATH_MESSAGE}`);
  };
}

/** Whether every %-escape decodes (the result is used: a bare decode call may be dropped by the bundler as pure). */
function decodes(path: string): boolean {
  try {
    return decodeURIComponent(path) !== "";
  } catch {
    return false;
  }
}
