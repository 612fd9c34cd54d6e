// @vitest-environment node
// The one client address: spellings normalised, IPv6 counted by /64, TRUST_PROXY's forms and the
// right-most-untrusted reading of X-Forwarded-For and Forwarded, and what each host vouches for.
import { describe, expect, it } from "vitest";
import {
  addressBucket,
  netlifyClientAddress,
  networkBucket,
  nodeClientAddress,
  normalizeIp,
  parseNetwork,
  parseTrustProxy,
  publicTrustRange,
  vercelClientAddress,
  type TrustProxy,
} from "../../../../src/server/http/clientAddress";
import { readServerEnv } from "../../../../src/server/env";

describe("normalizeIp", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::FFFF:cb00:7107", "203.0.113.7"],
    ["[2001:db8::1]", "2001:db8::1"],
    ["2001:0DB8:0000:0000:0000:0000:0000:0001", "2001:db8::1"],
    ["2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"],
    ["2001:db8::1:0:0:1", "2001:db8::1:0:0:1"],
    ["fe80::1%eth0", "fe80::1"],
    ["::1", "::1"],
    ["::", "::"],
    ["1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0"],
  ])("%j is %j", (raw, expected) => {
    expect(normalizeIp(raw)).toBe(expected);
  });

  it.each([
    "",
    "unknown",
    "6.6.6",
    "256.1.1.1",
    "01.2.3.4",
    "1.2.3.4.5",
    "2001:db8:::1",
    "1:2:3:4:5:6:7:8:9",
    "12345::1",
    "_hidden",
    "203.0.113.7, 10.0.0.1",
  ])("%j is not an address", (raw) => {
    expect(normalizeIp(raw)).toBeNull();
  });
});

describe("addressBucket", () => {
  it("counts an IPv4 address alone and an IPv6 address by its /64", () => {
    expect(addressBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8:1:2::1")).toBe(addressBucket("2001:db8:1:2:ffff::9"));
    expect(addressBucket("2001:db8:1:3::1")).not.toBe(addressBucket("2001:db8:1:2::1"));
    expect(addressBucket("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("has a wider network for limits counted twice: an IPv4 /24, an IPv6 /48", () => {
    expect(networkBucket("203.0.113.7")).toBe("203.0.113.0/24");
    expect(networkBucket("::ffff:203.0.113.250")).toBe("203.0.113.0/24");
    expect(networkBucket("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1::/48");
    expect(networkBucket("2001:db8:1:ffff::1")).toBe(networkBucket("2001:db8:1:2::1"));
    expect(networkBucket("2001:db8:2::1")).not.toBe(networkBucket("2001:db8:1::1"));
  });
});

describe("TRUST_PROXY", () => {
  it.each([
    ["", { kind: "none" }],
    ["0", { kind: "none" }],
    ["false", { kind: "none" }],
    ["none", { kind: "none" }],
    ["1", { kind: "hops", hops: 1 }],
    ["10", { kind: "hops", hops: 10 }],
  ])("%j is %j", (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected);
  });

  it("reads addresses, CIDR ranges and the named ranges", () => {
    const trust = parseTrustProxy("10.0.0.0/8, 2001:db8::/32, 192.0.2.1, loopback");
    expect(trust?.kind).toBe("networks");
    expect(trust?.kind === "networks" ? trust.networks : []).toHaveLength(5);
    expect(parseNetwork("::ffff:10.0.0.0/104")).toEqual(parseNetwork("10.0.0.0/8"));
  });

  it.each([
    "true",
    "11",
    "-1",
    "10.0.0.0/33",
    "10.0.0/8",
    "proxy.example",
    "private,",
    "2001:db8::/129",
  ])("refuses %j", (raw) => {
    expect(parseTrustProxy(raw)).toBeNull();
  });

  it.each([
    "0.0.0.0/0",
    "::/0",
    "::ffff:0.0.0.0/96",
    "1.2.3.4/0",
    "0.0.0.0/1",
    "10.0.0.0/7",
    "8.8.8.0/24",
    "203.0.113.0/23",
    "2001:db8::/31",
    "::/96",
    "loopback, 2000::/3",
  ])("refuses %j, which trusts public addresses by the range", (raw) => {
    expect(parseTrustProxy(raw)).toBeNull();
    expect(publicTrustRange(raw)).toBe(raw.split(", ").at(-1));
    expect(() => readServerEnv({ TRUST_PROXY: raw })).toThrow(
      /^TRUST_PROXY must not trust a range with public addresses in it, got ".+": every client in it could choose/,
    );
  });

  it("keeps ranges without public addresses, and public proxies named one by one", () => {
    const trust = parseTrustProxy(
      "10.0.0.0/8, 100.64.0.0/10, fd00::/8, ::ffff:10.0.0.0/104, 203.0.113.0/24, 8.8.8.8, 2606:4700::6810:84e5, private, linklocal",
    );
    expect(trust?.kind === "networks" ? trust.networks : []).toHaveLength(13);
    expect(publicTrustRange("8.8.8.8, 2606:4700::6810:84e5/128, private")).toBeNull();
  });

  it("is checked when the server reads its configuration, with a message naming it", () => {
    expect(readServerEnv({ TRUST_PROXY: "private" }).trustProxy.kind).toBe("networks");
    expect(() => readServerEnv({ TRUST_PROXY: "true" })).toThrow(
      /^TRUST_PROXY must be a hop count from 1 to 10 or a comma-separated list of proxy addresses or CIDR ranges .*got "true"\.$/,
    );
    expect(() => readServerEnv({ TRUST_PROXY_HEADER: "x-real-ip" })).toThrow(
      /TRUST_PROXY_HEADER must be x-forwarded-for or forwarded, got "x-real-ip"/,
    );
    expect(readServerEnv({ TRUST_PROXY_HEADER: "Forwarded" }).trustProxyHeader).toBe("forwarded");
  });
});

describe("nodeClientAddress", () => {
  const none: TrustProxy = { kind: "none" };
  const one = parseTrustProxy("1") as TrustProxy;
  const two = parseTrustProxy("2") as TrustProxy;
  const lan = parseTrustProxy("10.0.0.0/8, loopback") as TrustProxy;
  const xff = (value: string) => new Headers({ "x-forwarded-for": value });

  it("is the socket's peer when no proxy is trusted, whatever the headers say", () => {
    const forged = new Headers({
      "x-forwarded-for": "6.6.6.6",
      "x-real-ip": "6.6.6.7",
      forwarded: "for=6.6.6.8",
    });
    expect(nodeClientAddress("::ffff:127.0.0.1", forged, none)).toBe("127.0.0.1");
    expect(nodeClientAddress(undefined, forged, none)).toBeNull();
  });

  it("reads the chain from the right, as far as the trusted hops go", () => {
    // The client wrote 6.6.6.6; the one proxy appended 203.0.113.9.
    expect(nodeClientAddress("10.0.0.2", xff("6.6.6.6, 203.0.113.9"), one)).toBe("203.0.113.9");
    expect(nodeClientAddress("10.0.0.2", xff("6.6.6.6, 203.0.113.9, 10.0.0.3"), two)).toBe(
      "203.0.113.9",
    );
    expect(nodeClientAddress("10.0.0.2", xff("6.6.6.6, 203.0.113.9, 10.0.0.3"), lan)).toBe(
      "203.0.113.9",
    );
    // Fewer hops than trusted: the farthest one named.
    expect(nodeClientAddress("10.0.0.2", xff("203.0.113.9"), two)).toBe("203.0.113.9");
    // No header at all: the proxy itself.
    expect(nodeClientAddress("10.0.0.2", new Headers(), one)).toBe("10.0.0.2");
  });

  it("ignores the header when the peer is not a trusted proxy", () => {
    expect(nodeClientAddress("198.51.100.4", xff("6.6.6.6"), lan)).toBe("198.51.100.4");
  });

  it("never makes garbage or an obfuscated hop the client: it stops at the last address read", () => {
    expect(nodeClientAddress("10.0.0.2", xff("6.6.6.6, garbage"), one)).toBe("10.0.0.2");
    expect(nodeClientAddress("10.0.0.2", xff("garbage, 203.0.113.9"), two)).toBe("203.0.113.9");
  });

  it("reads ports and brackets, and several header lines as one list", () => {
    expect(nodeClientAddress("10.0.0.2", xff("203.0.113.9:4711"), one)).toBe("203.0.113.9");
    expect(nodeClientAddress("10.0.0.2", xff("[2001:db8::7]:80"), one)).toBe("2001:db8::7");
    const lines = new Headers();
    lines.append("x-forwarded-for", "6.6.6.6");
    lines.append("x-forwarded-for", "203.0.113.9");
    expect(nodeClientAddress("10.0.0.2", lines, one)).toBe("203.0.113.9");
  });

  it("reads RFC 7239 Forwarded when told to, and then only that header", () => {
    const headers = new Headers({
      forwarded: 'for=6.6.6.6, for="[2001:db8:cafe::17]:4711";proto=https;by=10.0.0.2',
      "x-forwarded-for": "6.6.6.7",
    });
    expect(nodeClientAddress("10.0.0.2", headers, one, "forwarded")).toBe("2001:db8:cafe::17");
    expect(nodeClientAddress("10.0.0.2", headers, one)).toBe("6.6.6.7");
    const hidden = new Headers({ forwarded: "for=_hidden" });
    expect(nodeClientAddress("10.0.0.2", hidden, one, "forwarded")).toBe("10.0.0.2");
  });
});

describe("what the hosts vouch for", () => {
  it("Netlify: its context's ip, else the header its edge writes; never X-Forwarded-For", () => {
    const headers = new Headers({
      "x-nf-client-connection-ip": "2001:DB8::9",
      "x-forwarded-for": "6.6.6.6",
    });
    expect(netlifyClientAddress("::ffff:203.0.113.5", headers)).toBe("203.0.113.5");
    expect(netlifyClientAddress(undefined, headers)).toBe("2001:db8::9");
    expect(
      netlifyClientAddress(undefined, new Headers({ "x-forwarded-for": "6.6.6.6" })),
    ).toBeNull();
  });

  it("Vercel: x-real-ip, which its proxy overwrites; never X-Forwarded-For", () => {
    const request = (headers: Record<string, string>) =>
      new Request("https://site.test/", { headers });
    expect(vercelClientAddress(request({ "x-real-ip": "203.0.113.5" }))).toBe("203.0.113.5");
    expect(vercelClientAddress(request({ "x-forwarded-for": "6.6.6.6" }))).toBeNull();
    expect(vercelClientAddress(request({ "x-real-ip": "not an ip" }))).toBeNull();
  });
});
