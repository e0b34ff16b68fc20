import type { Request, Response } from "express";
import { getConfig } from "../config";
import { issueFormToken } from "./form-token";

/**
 * GET /api/form-token: a public form's token issued now. A form's page may be served from the
 * page cache with the token it was rendered with; the form swaps in this one on load.
 */
export function formTokenApi() {
  return (_req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ token: issueFormToken(getConfig().authSecret) });
  };
}
