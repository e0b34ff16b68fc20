import type { Request } from "express";

/**
 * The client's address: the socket's, or — only when TRUST_PROXY is set — the left-most
 * address of X-Forwarded-For written by the trusted proxy in front of us.
 */
export function clientIp(req: Request, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? "unknown";
}
