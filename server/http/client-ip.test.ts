import { describe, expect, it } from "vitest";
import { addressBucket } from "./client-ip";

describe("addressBucket", () => {
  it("keeps IPv4 addresses, also IPv4-mapped ones", () => {
    expect(addressBucket("192.0.2.7")).toBe("192.0.2.7");
    expect(addressBucket("::ffff:192.0.2.7")).toBe("192.0.2.7");
  });

  it("groups IPv6 addresses by their /64 network, however they are written", () => {
    const a = addressBucket("2001:db8:1:2:aaaa:bbbb:cccc:dddd");
    expect(a).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:0db8:0001:0002::1")).toBe(a);
    expect(addressBucket("2001:DB8:1:2:ffff::")).toBe(a);
    expect(addressBucket("2001:db8:1:3::1")).not.toBe(a);
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
    expect(addressBucket("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressBucket("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });

  it("leaves anything else alone", () => {
    expect(addressBucket("unknown")).toBe("unknown");
  });
});
