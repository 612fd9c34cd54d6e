// Who is calling: the one client address each host vouches for (normalised), the proxies TRUST_PROXY
// names in front of a Node server, and the bucket per-address limits count an address in.

/** An address as bytes: 4 for IPv4, 16 for IPv6. */
type Bytes = readonly number[];

/** A CIDR range the operator trusts as a proxy. */
export type Network = { bytes: Bytes; prefix: number };

/**
 * What TRUST_PROXY says about the hops in front of the local server: nothing (the socket's peer is the
 * client), a number of proxies, or the networks they live in.
 */
export type TrustProxy =
  | { kind: "none" }
  | { kind: "hops"; hops: number }
  | { kind: "networks"; networks: readonly Network[] };

/** Which header the proxies in front append the address they saw to. */
export type ForwardedHeader = "x-forwarded-for" | "forwarded";

export const MAX_TRUSTED_HOPS = 10;

function parseV4(text: string): Bytes | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^(0|[1-9]\d{0,2})$/.test(part) ? Number(part) : NaN));
  return bytes.every((byte) => byte >= 0 && byte <= 255) ? bytes : null;
}

function parseV6(text: string): Bytes | null {
  // A zone ("fe80::1%eth0") names an interface of the machine that saw the address, not part of it.
  let head = text.replace(/%[^%]*$/, "");
  let tail: Bytes = [];
  if (head.includes(".")) {
    const cut = head.lastIndexOf(":");
    const v4 = parseV4(head.slice(cut + 1));
    if (v4 === null) return null;
    tail = v4;
    head = `${head.slice(0, cut + 1)}0:0`;
  }
  const halves = head.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":"));
  const left = groupsOf(halves[0] ?? "");
  const right = halves.length === 2 ? groupsOf(halves[1] ?? "") : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(missing).fill("0"), ...right];
  if (!groups.every((group) => /^[0-9a-fA-F]{1,4}$/.test(group))) return null;
  const bytes = groups.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is the IPv4 client a dual-stack socket reports. */
function unmapped(bytes: Bytes): Bytes {
  const mapped =
    bytes.length === 16 &&
    bytes.slice(0, 10).every((byte) => byte === 0) &&
    bytes[10] === 0xff &&
    bytes[11] === 0xff;
  return mapped ? bytes.slice(12) : bytes;
}

function parseIp(raw: string): Bytes | null {
  const text = raw.trim().replace(/^\[(.*)\]$/, "$1");
  if (text === "" || text.length > 64) return null;
  const bytes = text.includes(":") ? parseV6(text) : parseV4(text);
  return bytes === null ? null : unmapped(bytes);
}

/** RFC 5952 text: lower-case hex, no leading zeros, the longest run of two or more zero groups as "::". */
function format(bytes: Bytes): string {
  if (bytes.length === 4) return bytes.join(".");
  const groups = Array.from(
    { length: 8 },
    (_, i) => ((bytes[2 * i] ?? 0) << 8) | (bytes[2 * i + 1] ?? 0),
  );
  let best = { at: -1, length: 1 };
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > best.length) best = { at: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.at < 0) return hex.join(":");
  return `${hex.slice(0, best.at).join(":")}::${hex.slice(best.at + best.length).join(":")}`;
}

/** The address in one canonical spelling (IPv4-mapped IPv6 as IPv4), or null when it is not an IP address. */
export function normalizeIp(raw: string | null | undefined): string | null {
  if (typeof raw !== "string") return null;
  const bytes = parseIp(raw);
  return bytes === null ? null : format(bytes);
}

/**
 * The key per-address limits count under: an IPv4 address itself, an IPv6 address's /64. One
 * household or phone gets a /64 and picks addresses inside it at will, so counting single IPv6
 * addresses would give it billions of fresh budgets.
 */
export function addressBucket(address: string): string {
  const bytes = parseIp(address);
  if (bytes === null) return address;
  if (bytes.length === 4) return format(bytes);
  return `${format([...bytes.slice(0, 8), 0, 0, 0, 0, 0, 0, 0, 0])}/64`;
}

/**
 * The wider network an address belongs to, for limits counted a second time per network: an IPv4
 * address's /24, an IPv6 address's /48 (what a site or a generous provider hands one customer, who
 * can then pick among 65,536 /64s).
 */
export function networkBucket(address: string): string {
  const bytes = parseIp(address);
  if (bytes === null) return address;
  if (bytes.length === 4) return `${format([...bytes.slice(0, 3), 0])}/24`;
  return `${format([...bytes.slice(0, 6), ...Array<number>(10).fill(0)])}/48`;
}

/** "10.0.0.0/8", "2001:db8::/32" or a single address (a /32 or /128). */
export function parseNetwork(raw: string): Network | null {
  const [address = "", prefixText, ...rest] = raw.trim().split("/");
  if (rest.length > 0) return null;
  const plain = address.trim().replace(/^\[(.*)\]$/, "$1");
  const parsed = plain.includes(":") ? parseV6(plain) : parseV4(plain);
  if (parsed === null) return null;
  const bits = parsed.length * 8;
  const prefix =
    prefixText === undefined
      ? bits
      : /^\d{1,3}$/.test(prefixText.trim())
        ? Number(prefixText)
        : NaN;
  if (!(prefix >= 0 && prefix <= bits)) return null;
  const bytes = unmapped(parsed);
  // ::ffff:10.0.0.0/104 is 10.0.0.0/8 once addresses are unmapped the same way.
  return { bytes, prefix: bytes.length === parsed.length ? prefix : Math.max(0, prefix - 96) };
}

function contains(network: Network, bytes: Bytes): boolean {
  if (network.bytes.length !== bytes.length) return false;
  for (let bit = 0; bit < network.prefix; bit += 8) {
    const take = Math.min(8, network.prefix - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    const index = bit / 8;
    if (((network.bytes[index] ?? 0) & mask) !== ((bytes[index] ?? 0) & mask)) return false;
  }
  return true;
}

/** Names usable in TRUST_PROXY for the ranges proxies usually sit in. */
const NAMED_NETWORKS: Record<string, readonly string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  private: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
};

/**
 * Ranges no address on the internet is in (loopback, private, link-local, carrier-grade NAT, unique
 * local, and the documentation ranges): a proxy may be trusted by its range there, and only there.
 */
const NOT_PUBLIC = [
  ...Object.values(NAMED_NETWORKS).flat(),
  "100.64.0.0/10",
  "192.0.2.0/24",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "2001:db8::/32",
].map((range) => parseNetwork(range) as Network);

/**
 * Whether a range reaches beyond one address into public ones. Trusting it would let any client there
 * (with /0, any client at all) write the X-Forwarded-For element that is taken as its address.
 */
function trustsPublicRange(network: Network): boolean {
  if (network.prefix === network.bytes.length * 8) return false;
  return !NOT_PUBLIC.some(
    (inside) =>
      inside.bytes.length === network.bytes.length &&
      inside.prefix <= network.prefix &&
      contains(inside, network.bytes),
  );
}

/** The first TRUST_PROXY item that is a range with public addresses in it (0.0.0.0/0, ::/0…), or null. */
export function publicTrustRange(raw: string | null): string | null {
  for (const item of (raw ?? "").split(",").map((part) => part.trim())) {
    const network = NAMED_NETWORKS[item.toLowerCase()] ? null : parseNetwork(item);
    if (network && trustsPublicRange(network)) return item;
  }
  return null;
}

/**
 * TRUST_PROXY's value: unset, "0", "false" or "none" trust no proxy; 1 to 10 is a hop count; otherwise
 * a comma-separated list of addresses, CIDR ranges and the names loopback, private and linklocal.
 * Null when it is none of these ("true" included: trusting every hop lets any client pick its address),
 * and for a range with public addresses in it, which does the same for every client in it (publicTrustRange).
 */
export function parseTrustProxy(raw: string | null): TrustProxy | null {
  const value = (raw ?? "").trim().toLowerCase();
  if (value === "" || value === "0" || value === "false" || value === "none")
    return { kind: "none" };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= MAX_TRUSTED_HOPS ? { kind: "hops", hops } : null;
  }
  const networks: Network[] = [];
  for (const item of value.split(",").map((part) => part.trim())) {
    const named = NAMED_NETWORKS[item];
    const parsed = named ? named.map(parseNetwork) : [parseNetwork(item)];
    if (parsed.some((network) => network === null)) return null;
    networks.push(...(parsed as Network[]));
  }
  if (networks.some(trustsPublicRange)) return null;
  return networks.length > 0 ? { kind: "networks", networks } : null;
}

/** One element of X-Forwarded-For ("203.0.113.7", "203.0.113.7:4711", "[2001:db8::1]:80"). */
function forwardedForEntry(raw: string): Bytes | null {
  const text = raw.trim().replace(/^"(.*)"$/, "$1");
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) return parseIp(bracketed[1] ?? "");
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text);
  return parseIp(v4WithPort ? (v4WithPort[1] ?? "") : text);
}

/** The addresses a header names, nearest last; null for an element that names none (unknown, _hidden, garbage). */
export function forwardedChain(headers: Headers, header: ForwardedHeader): (Bytes | null)[] {
  const value = headers.get(header);
  if (value === null) return [];
  if (header === "x-forwarded-for") return value.split(",").map(forwardedForEntry);
  // RFC 7239: for=192.0.2.60;proto=http, for="[2001:db8:cafe::17]:4711"
  return value.split(",").map((element) => {
    const pair = element
      .split(";")
      .map((part) => part.trim())
      .find((part) => part.toLowerCase().startsWith("for="));
    return pair ? forwardedForEntry(pair.slice(4)) : null;
  });
}

/**
 * The client of a request that reached a Node server: the socket's peer, unless TRUST_PROXY says that
 * peer (and maybe more hops) is a proxy. Then the header's addresses are read from the right, each one
 * written by the hop after it, and the first that is not a trusted proxy is the client. An element
 * that names no address stops the walk at the last address read, so garbage never becomes a client.
 */
export function nodeClientAddress(
  socketAddress: string | null | undefined,
  headers: Headers,
  trust: TrustProxy,
  header: ForwardedHeader = "x-forwarded-for",
): string | null {
  const peer = typeof socketAddress === "string" ? parseIp(socketAddress) : null;
  if (peer === null || trust.kind === "none") return peer === null ? null : format(peer);
  const hops = [peer, ...forwardedChain(headers, header).reverse()];
  let last = peer;
  for (const [index, address] of hops.entries()) {
    if (address === null) break;
    const trusted =
      trust.kind === "hops"
        ? index < trust.hops
        : trust.networks.some((network) => contains(network, address));
    last = address;
    if (!trusted) break;
  }
  return format(last);
}

/** Netlify: its Functions context's ip, else the header its edge overwrites on every request. */
export function netlifyClientAddress(
  contextIp: string | null | undefined,
  headers: Headers,
): string | null {
  return normalizeIp(contextIp) ?? normalizeIp(headers.get("x-nf-client-connection-ip"));
}

/** Vercel: its proxy sets x-real-ip to the address that connected, replacing any the client sent. */
export function vercelClientAddress(request: Request): string | null {
  return normalizeIp(request.headers.get("x-real-ip"));
}
