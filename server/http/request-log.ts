import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { log } from "../logger";

/** One structured line per request, written when the response finishes. */
export function requestLog() {
  return (req: Request, res: Response, next: NextFunction) => {
    const start = process.hrtime.bigint();
    const requestId = (req.headers["x-request-id"] as string | undefined)?.slice(0, 64) || crypto.randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const fields = {
        requestId,
        method: req.method,
        path: req.originalUrl.split("?")[0],
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        ip: res.locals.clientIp,
      };
      if (req.originalUrl.startsWith("/assets/")) log.debug("request", fields);
      else if (res.statusCode >= 500) log.error("request", fields);
      else log.info("request", fields);
    });
    next();
  };
}
