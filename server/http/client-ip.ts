import type { Request } from "express";

/**
 * The client's address: the socket's, or — only when TRUST_PROXY is set — the address our one
 * trusted proxy appended to X-Forwarded-For (Express's req.ip with "trust proxy" = 1). The
 * left-most entries of that header are whatever the client sent, so they are never used.
 */
export function clientIp(req: Request, trustProxy: boolean): string {
  const address = trustProxy ? req.ip : req.socket.remoteAddress;
  return address ?? "unknown";
}
