import type dns from "node:dns/promises";
import { describe, expect, it } from "vitest";
import { forbiddenAddressReason, resolveWebhookTarget } from "./address-guard";

/** A resolver that answers `addresses` for every name (no DNS server needed). */
const resolvingTo = (...addresses: string[]) =>
  (async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }))) as unknown as typeof dns.lookup;

describe("forbidden addresses", () => {
  it.each([
    ["127.0.0.1", "a loopback address"],
    ["127.8.9.10", "a loopback address"],
    ["10.1.2.3", "a private network address"],
    ["172.20.0.1", "a private network address"],
    ["192.168.1.1", "a private network address"],
    ["100.64.0.1", "a private network address"],
    ["169.254.169.254", "a cloud metadata address"],
    ["169.254.10.1", "a link-local address"],
    ["0.0.0.0", "an unspecified address"],
    ["224.0.0.1", "a multicast address"],
    ["::1", "a loopback address"],
    ["::", "an unspecified address"],
    ["fd12:3456::1", "a private network address"],
    ["fe80::1%eth0", "a link-local address"],
    ["fd00:ec2::254", "a cloud metadata address"],
    ["::ffff:127.0.0.1", "a loopback address"],
    ["::ffff:a9fe:a9fe", "a cloud metadata address"],
    ["64:ff9b::10.0.0.1", "a private network address"],
  ])("refuses %s (%s)", (address, reason) => {
    expect(forbiddenAddressReason(address)).toBe(reason);
  });

  it.each(["93.184.215.14", "8.8.8.8", "172.32.0.1", "2606:4700::6810:84e5", "::ffff:8.8.8.8"])(
    "allows %s",
    (address) => {
      expect(forbiddenAddressReason(address)).toBeNull();
    },
  );
});

describe("webhook URL check", () => {
  const guarded = { allowLocal: false };

  it("refuses plain http and addresses that are not public, literal or resolved", async () => {
    await expect(resolveWebhookTarget("http://hooks.example.com/x", guarded)).rejects.toThrow(
      "The URL must start with https://.",
    );
    await expect(resolveWebhookTarget("https://127.0.0.1/x", guarded)).rejects.toThrow(
      "127.0.0.1, a loopback address: webhooks may only call public addresses.",
    );
    await expect(resolveWebhookTarget("https://[::ffff:7f00:1]/x", guarded)).rejects.toThrow("a loopback address");
    await expect(
      resolveWebhookTarget("https://internal.example.com/x", { ...guarded, lookup: resolvingTo("10.0.0.5") }),
    ).rejects.toThrow("internal.example.com resolves to 10.0.0.5, a private network address");
    // One bad address among good ones is enough to refuse.
    await expect(
      resolveWebhookTarget("https://mixed.example.com/x", {
        ...guarded,
        lookup: resolvingTo("93.184.215.14", "169.254.169.254"),
      }),
    ).rejects.toThrow("a cloud metadata address");
    // localhost resolves through the system's resolver (/etc/hosts) to loopback.
    await expect(resolveWebhookTarget("https://localhost:8443/x", guarded)).rejects.toThrow(
      /localhost resolves to (127\.0\.0\.1|::1), a loopback address/,
    );
  });

  it("resolves a public name once and keeps the address to connect to", async () => {
    const target = await resolveWebhookTarget("https://hooks.example.com/in?x=1", {
      ...guarded,
      lookup: resolvingTo("93.184.215.14"),
    });
    expect(target).toMatchObject({ address: "93.184.215.14", family: 4 });
    expect(target.url.href).toBe("https://hooks.example.com/in?x=1");
  });

  it("says so when a name has no address", async () => {
    const failing = (async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    }) as unknown as typeof dns.lookup;
    await expect(resolveWebhookTarget("https://nowhere.example/x", { ...guarded, lookup: failing })).rejects.toThrow(
      "No address was found for nowhere.example.",
    );
  });

  it("accepts http and loopback when WEBHOOKS_ALLOW_LOCAL allows them", async () => {
    const target = await resolveWebhookTarget("http://127.0.0.1:9999/hook", { allowLocal: true });
    expect(target).toMatchObject({ address: "127.0.0.1", family: 4 });
  });
});
