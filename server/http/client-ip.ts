import net from "node:net";
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

/**
 * The rate-limit bucket of an address: IPv4 as is (also when IPv4-mapped), IPv6 by its /64
 * network, the smallest block one customer is usually given, so that one attacker cannot
 * get a fresh budget per address of their /64.
 */
export function addressBucket(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const bare = ip.replace(/%.*$/, "");
  if (!net.isIPv6(bare)) return ip;
  const groups = expandIPv6(bare);
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, lower-case, without leading zeros. */
function expandIPv6(ip: string): string[] {
  let text = ip.toLowerCase();
  // An embedded IPv4 tail (e.g. 64:ff9b::1.2.3.4) becomes two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16).toString(16));
}
