import dns from "node:dns/promises";
import net from "node:net";

/**
 * The SSRF guard of outgoing webhooks: a URL is refused when its host is, or resolves to,
 * an address the site must not be made to call (loopback, private networks, link-local,
 * cloud metadata, and other special ranges), and plain http is refused, unless
 * WEBHOOKS_ALLOW_LOCAL is set (tests, local development). The name is resolved once and the
 * request connects to that address (server/webhooks/send.ts), so a DNS answer that changes
 * between the check and the connection (rebinding) cannot slip through.
 */

type Range = [network: string, prefix: number, reason: string];

// Checked in order: the first match names the reason.
const IPV4: Range[] = [
  ["169.254.169.254", 32, "a cloud metadata address"],
  ["100.100.100.200", 32, "a cloud metadata address"],
  ["127.0.0.0", 8, "a loopback address"],
  ["0.0.0.0", 8, "an unspecified address"],
  ["10.0.0.0", 8, "a private network address"],
  ["172.16.0.0", 12, "a private network address"],
  ["192.168.0.0", 16, "a private network address"],
  ["100.64.0.0", 10, "a private network address"],
  ["169.254.0.0", 16, "a link-local address"],
  ["192.0.0.0", 24, "a reserved address"],
  ["192.0.2.0", 24, "a reserved address"],
  ["198.18.0.0", 15, "a reserved address"],
  ["198.51.100.0", 24, "a reserved address"],
  ["203.0.113.0", 24, "a reserved address"],
  ["224.0.0.0", 4, "a multicast address"],
  ["240.0.0.0", 4, "a reserved address"],
];
const IPV6: Range[] = [
  ["fd00:ec2::254", 128, "a cloud metadata address"],
  ["::1", 128, "a loopback address"],
  ["::", 128, "an unspecified address"],
  ["fc00::", 7, "a private network address"],
  ["fe80::", 10, "a link-local address"],
  ["ff00::", 8, "a multicast address"],
  ["2001:db8::", 32, "a reserved address"],
  ["100::", 64, "a reserved address"],
];

function blockList(ranges: Range[], family: "ipv4" | "ipv6"): Array<[net.BlockList, string]> {
  return ranges.map(([network, prefix, reason]) => {
    const list = new net.BlockList();
    list.addSubnet(network, prefix, family);
    return [list, reason];
  });
}
const v4Lists = blockList(IPV4, "ipv4");
const v6Lists = blockList(IPV6, "ipv6");

/** The 16 bytes of an IPv6 address (`net.isIPv6` already true). */
function ipv6Bytes(address: string): number[] {
  let text = address.split("%")[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number);
    text = text.slice(0, -dotted[1]!.length) + `${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? headParts
      : [...headParts, ...Array(8 - headParts.length - tailParts.length).fill("0"), ...tailParts];
  return groups.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

/**
 * Why an address may not be called, or null when it may. IPv4 addresses inside IPv6
 * (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`) are judged as the IPv4 address.
 */
export function forbiddenAddressReason(address: string): string | null {
  const family = net.isIP(address);
  if (family === 4) return v4Lists.find(([list]) => list.check(address, "ipv4"))?.[1] ?? null;
  if (family !== 6) return "not an IP address";
  const bytes = ipv6Bytes(address);
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  const nat64 = [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0].every((b, i) => bytes[i] === b);
  if (mapped || nat64) return forbiddenAddressReason(bytes.slice(12).join("."));
  return v6Lists.find(([list]) => list.check(address.split("%")[0]!, "ipv6"))?.[1] ?? null;
}

export interface WebhookTarget {
  url: URL;
  /** The address the request connects to (resolved once). */
  address: string;
  family: 4 | 6;
}

/** A URL the guard refuses, with the sentence to show. */
export class WebhookUrlError extends Error {
  override name = "WebhookUrlError";
}

/**
 * Checks a webhook URL and resolves its host once: the address to connect to, or a
 * WebhookUrlError saying why not. Every address a name resolves to must be allowed.
 */
export async function resolveWebhookTarget(
  rawUrl: string,
  options: { allowLocal: boolean; lookup?: typeof dns.lookup },
): Promise<WebhookTarget> {
  if (!URL.canParse(rawUrl)) throw new WebhookUrlError("Enter a full URL starting with https://.");
  const url = new URL(rawUrl);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && options.allowLocal))
    throw new WebhookUrlError("The URL must start with https://.");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: Array<{ address: string; family: number }>;
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await (options.lookup ?? dns.lookup)(host, { all: true, verbatim: true });
    } catch {
      throw new WebhookUrlError(`No address was found for ${host}.`);
    }
    if (!addresses.length) throw new WebhookUrlError(`No address was found for ${host}.`);
  }
  if (!options.allowLocal) {
    for (const { address } of addresses) {
      const reason = forbiddenAddressReason(address);
      if (reason)
        throw new WebhookUrlError(
          `${host === address ? address : `${host} resolves to ${address}`}, ${reason}: webhooks may only call public addresses.`,
        );
    }
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
