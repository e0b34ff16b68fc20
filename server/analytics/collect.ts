import type { NextFunction, Request, Response } from "express";
import { z } from "zod";
import { arizonaDate } from "@common/arizona";
import { ServiceError } from "@common/result";
import { hasSessionCookie } from "../http/page-cache";
import { deviceClass } from "../http/user-agent";
import type { Collector } from "./collector";
import type { DailySalt } from "./salt";
import { visitorHash } from "./salt";
import { asksNotToBeTracked, formKey, isBotUserAgent, searchQuery, visitDimensions } from "./visit";

/**
 * POST /api/collect: the public pages' beacon (app/enhance/visit-count.ts, decision 0044).
 * Answers 204 with no body and no cookie, whether or not the request was counted: robots,
 * signed-in staff and a switched-off counter (ANALYTICS=0) are simply not counted. Nothing of
 * the request is stored but the counts: the IP address and user agent go into the day's
 * visitor hash and are dropped.
 */

const form = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("lead") }),
  z.object({ kind: z.literal("answers"), slug: z.string().regex(/^[a-z0-9-]{1,80}$/) }),
]);
const text = (max: number) => z.string().max(max).nullable();

const eventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("view"),
    path: z.string().min(1).max(2000),
    landing: text(2000),
    referrer: text(2000),
    forms: z.array(form).max(10),
    searchMiss: z.string().max(500).optional(),
  }),
  z.object({ type: z.enum(["start", "calculator"]), form }),
]);

export interface CollectOptions {
  enabled: boolean;
  collector: Collector;
  salt: DailySalt;
  now?: () => Date;
}

const header = (req: Request, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function collectHandler(options: CollectOptions) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const parsed = eventSchema.safeParse(req.body);
    if (!parsed.success)
      return next(new ServiceError("validation", "The beacon's body is not a page view or a form step."));
    const ua = header(req, "user-agent") ?? "";
    if (!options.enabled || isBotUserAgent(ua) || hasSessionCookie(req.headers.cookie)) return res.status(204).end();

    const event = parsed.data;
    const now = options.now?.() ?? new Date();
    const hour = now.toISOString().slice(0, 13);
    try {
      if (event.type !== "view") {
        options.collector.countStep(hour, formKey(event.form), event.type);
        return res.status(204).end();
      }
      const dims = visitDimensions(event, req.hostname);
      if (!dims) throw new ServiceError("validation", "The page path must be a path on this site, such as /about.");
      const day = arizonaDate(now);
      const hash = asksNotToBeTracked(req.headers)
        ? null
        : visitorHash(await options.salt.forDay(day), String(res.locals.clientIp ?? req.ip ?? ""), ua);
      options.collector.countView({
        ...dims,
        hour,
        day,
        device: deviceClass(ua, header(req, "sec-ch-ua-mobile")),
        visitorHash: hash,
      });
      for (const f of new Set(event.forms.map(formKey))) options.collector.countStep(hour, f, "view");
      const miss = dims.path === "/resources/search" ? searchQuery(event.searchMiss) : null;
      if (miss) options.collector.countSearchMiss(hour, miss);
      res.status(204).end();
    } catch (err) {
      next(err);
    }
  };
}
