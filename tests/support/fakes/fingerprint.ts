// A loopback fake of Fingerprint for browser and handler tests (docs/contracts/fingerprint.md):
// the Server API v4 (`/v4/events/{id}`, `/v4/events?visitor_id=`, Bearer auth) and the identify call
// the test build's loopback agent makes in place of Fingerprint's CDN script.
//
// GET /__fake/fingerprint/identify[?visitor=<20 alnum>&bot=not_detected|good|bad|error|empty&vm=1]
//   → the agent's result, and the event it creates for the Server API. As the real service does, the
//   event records when it was made (timestamp, ms) and the address the request came from
//   (ip_address: this request's socket peer; through the site's proxy that is FPJS-Proxy-Client-IP).
// POST /__fake/fingerprint/mode {"status": 429|500, "count"?: n} forces Server API answers.
import http from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_FPJS_SECRET = "fake-secret-key-0123456789";
export const FAKE_VISITOR_ID = "E2eVisitor0000000001";

type Event = {
  event_id: string;
  timestamp: number;
  url: string;
  ip_address: string;
  identification: { visitor_id: string; confidence: { score: number }; visitor_found: boolean };
  bot?: string;
  bot_error?: { code: string; message: string };
  virtual_machine: boolean;
  ip_info: {
    v4: {
      address: string;
      geolocation: {
        country: { code: string; name: string };
        continent: { code: string; name: string };
      };
    };
  };
};

export type AddOptions = {
  visitorId?: string;
  bot?: string;
  vm?: boolean;
  url?: string;
  /** The address the identification came from. */
  ip?: string;
  /** When it was made (ms since the epoch). */
  timestamp?: number;
};

/** The address a request came from, as the service records it (an IPv4-mapped IPv6 peer as IPv4). */
function peerAddress(req: http.IncomingMessage): string {
  return (req.socket.remoteAddress ?? "").replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");
}

export type FingerprintRoute = {
  route(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  events: Map<string, Event>;
  /** Every Server API request (path and query), in order: what the secret key was spent on. */
  serverApiCalls: string[];
  /** Registers an event directly (handler tests): made now from 127.0.0.1 unless told otherwise. */
  add(options?: AddOptions): Event;
  force(status: number, count?: number): void;
};

const CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
let counter = 0;

function requestId(): string {
  counter += 1;
  let tail = "";
  let n = counter + Math.floor(Math.random() * 1e6);
  for (let i = 0; i < 6; i += 1) {
    tail += CHARS[n % CHARS.length];
    n = Math.floor(n / CHARS.length) + i * 7;
  }
  return `${Date.now()}.${tail}`;
}

export function createFingerprintRoute(options: { secret?: string } = {}): FingerprintRoute {
  const secret = options.secret ?? FAKE_FPJS_SECRET;
  const events = new Map<string, Event>();
  const serverApiCalls: string[] = [];
  let forced: { status: number; count: number } | null = null;

  const send = (res: http.ServerResponse, status: number, body: unknown, extra = {}) => {
    res.writeHead(status, {
      "content-type": "application/json",
      "access-control-allow-origin": "*",
      ...extra,
    });
    res.end(JSON.stringify(body));
  };

  function add(opts: AddOptions = {}): Event {
    const id = requestId();
    const event: Event = {
      event_id: id,
      timestamp: opts.timestamp ?? Date.now(),
      url: opts.url ?? "http://127.0.0.1/",
      ip_address: opts.ip ?? "127.0.0.1",
      identification: {
        visitor_id: opts.visitorId ?? FAKE_VISITOR_ID,
        confidence: { score: 0.995 },
        visitor_found: true,
      },
      virtual_machine: opts.vm ?? false,
      ip_info: {
        v4: {
          address: "203.0.113.24",
          geolocation: {
            country: { code: "DE", name: "Germany" },
            continent: { code: "EU", name: "Europe" },
          },
        },
      },
    };
    const bot = opts.bot ?? "not_detected";
    if (bot === "error") event.bot_error = { code: "failed", message: "internal server error" };
    else if (bot !== "empty") event.bot = bot;
    events.set(id, event);
    return event;
  }

  function route(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname === "/__fake/fingerprint/identify" && req.method === "OPTIONS") {
      // Browser tests add headers (x-country) to every request, which makes this a preflight.
      res.writeHead(204, {
        "access-control-allow-origin": "*",
        "access-control-allow-headers": "*",
        "access-control-allow-methods": "GET",
      });
      res.end();
      return true;
    }
    if (url.pathname === "/__fake/fingerprint/identify" && req.method === "GET") {
      const visitor = url.searchParams.get("visitor");
      const event = add({
        ...(visitor && /^[A-Za-z0-9]{20}$/.test(visitor) ? { visitorId: visitor } : {}),
        bot: url.searchParams.get("bot") ?? "not_detected",
        vm: url.searchParams.get("vm") === "1",
        url: req.headers.referer ?? "http://127.0.0.1/",
        ip: peerAddress(req),
      });
      send(res, 200, {
        visitorId: event.identification.visitor_id,
        requestId: event.event_id,
        visitorFound: true,
        confidence: { score: 0.995 },
        ipLocation: event.ip_info.v4.geolocation,
      });
      return true;
    }
    if (url.pathname === "/__fake/fingerprint/mode" && req.method === "POST") {
      let raw = "";
      req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      req.on("end", () => {
        const body = JSON.parse(raw || "{}") as { status?: number; count?: number };
        forced = body.status ? { status: body.status, count: body.count ?? 1 } : null;
        send(res, 200, { ok: true });
      });
      return true;
    }
    if (!url.pathname.startsWith("/v4/events")) return false;
    serverApiCalls.push(`${url.pathname}${url.search}`);
    if (req.method !== "GET") {
      send(res, 405, { error: { code: "method_not_allowed", message: "method not allowed" } });
      return true;
    }
    const auth = req.headers.authorization ?? "";
    if (!auth.startsWith("Bearer ")) {
      send(res, 401, {
        error: { code: "secret_api_key_required", message: "secret key is required" },
      });
      return true;
    }
    if (auth !== `Bearer ${secret}`) {
      send(res, 403, {
        error: { code: "secret_api_key_not_found", message: "secret key is not found" },
      });
      return true;
    }
    if (forced && forced.count > 0) {
      forced.count -= 1;
      send(
        res,
        forced.status,
        {
          error: {
            code: forced.status === 429 ? "too_many_requests" : "failed",
            message: "forced",
          },
        },
        forced.status === 429 ? { "retry-after": "1" } : {},
      );
      return true;
    }
    const single = /^\/v4\/events\/([^/]+)$/.exec(url.pathname);
    if (single) {
      const event = events.get(decodeURIComponent(single[1] ?? ""));
      if (!event)
        send(res, 404, { error: { code: "event_not_found", message: "event id not found" } });
      else send(res, 200, event);
      return true;
    }
    if (url.pathname === "/v4/events") {
      const visitor = url.searchParams.get("visitor_id") ?? "";
      const limit = Math.min(Number(url.searchParams.get("limit") ?? "10") || 10, 500);
      const all = [...events.values()]
        .filter((event) => event.identification.visitor_id === visitor)
        .sort((a, b) => b.timestamp - a.timestamp);
      const page = all.slice(0, limit);
      send(res, 200, {
        events: page,
        ...(all.length > limit ? { pagination_key: page.at(-1)?.event_id } : {}),
      });
      return true;
    }
    return false;
  }

  return {
    route,
    events,
    serverApiCalls,
    add,
    force: (status, count = 1) => {
      forced = { status, count };
    },
  };
}

export type FakeFingerprint = FingerprintRoute & { origin: string; close(): Promise<void> };

export async function startFakeFingerprint(): Promise<FakeFingerprint> {
  const fake = createFingerprintRoute();
  const server = http.createServer((req, res) => {
    if (!fake.route(req, res)) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "not_found", message: "not found" } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------------
// Upstreams of the first-party proxy (src/server/integrations/fingerprint/proxy.ts), on loopback:
//   GET  {origin}/cdn/v<version>/<apiKey>/loader_v<loaderVersion>.js → a stand-in loader script
//   ANY  {origin}/ingress/<us|eu|ap>/?…                              → JSON, with an _iidt cookie
// Every request is recorded so tests can check what the proxy forwarded.

export const FAKE_AGENT_SCRIPT_CACHE = "public, max-age=7200, s-maxage=600";

export type ProxyUpstreamRequest = {
  method: string;
  pathname: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
};

export type FakeFingerprintProxyUpstream = {
  origin: string;
  /** For FPJS_CDN_URL. */
  cdnUrl: string;
  /** For FPJS_INGRESS_URL_US / _EU / _AP. */
  ingressUrls: { us: string; eu: string; ap: string };
  requests: ProxyUpstreamRequest[];
  /** The loader the CDN serves for this key and versions. */
  scriptFor(apiKey: string, version: string, loaderVersion: string): string;
  /** The next answers (count of them) get this status and body instead; "hang" never answers. */
  force(answer: { status: number; body?: string } | "hang", count?: number): void;
  close(): Promise<void>;
};

export async function startFakeFingerprintProxyUpstream(): Promise<FakeFingerprintProxyUpstream> {
  const requests: ProxyUpstreamRequest[] = [];
  let forced: { answer: { status: number; body?: string } | "hang"; count: number } | null = null;
  const scriptFor = (apiKey: string, version: string, loaderVersion: string) =>
    `/* fake Fingerprint loader v${version} ${apiKey} ${loaderVersion} */ window.__fakeLoader = true;`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      requests.push({
        method: req.method ?? "GET",
        pathname: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      if (forced && forced.count > 0) {
        forced.count -= 1;
        const { answer } = forced;
        if (answer === "hang") return;
        res.writeHead(answer.status, { "content-type": "application/json" });
        res.end(answer.body ?? JSON.stringify({ error: { code: "forced", message: "forced" } }));
        return;
      }
      const script = /^\/cdn\/v(\d+)\/([A-Za-z0-9]+)\/loader_v([^/]+)\.js$/.exec(url.pathname);
      if (script && req.method === "GET") {
        res.writeHead(200, {
          "content-type": "text/javascript",
          "cache-control": FAKE_AGENT_SCRIPT_CACHE,
          "set-cookie": "cdn_tracking=1; Path=/",
        });
        res.end(scriptFor(script[2] ?? "", script[1] ?? "", script[3] ?? ""));
        return;
      }
      const ingress = /^\/ingress\/(us|eu|ap)\/$/.exec(url.pathname);
      if (ingress) {
        res.writeHead(200, {
          "content-type": "application/json",
          "cache-control": "no-cache",
          "strict-transport-security": "max-age=31536000",
          "set-cookie": [
            "_iidt=fakeIidtValue123; Path=/; Domain=fpjs.io; Max-Age=31536000; HttpOnly; Secure; SameSite=None",
          ],
        });
        res.end(JSON.stringify({ region: ingress[1], received: Buffer.concat(chunks).length }));
        return;
      }
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "not_found", message: "not found" } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    cdnUrl: `${origin}/cdn`,
    ingressUrls: {
      us: `${origin}/ingress/us`,
      eu: `${origin}/ingress/eu`,
      ap: `${origin}/ingress/ap`,
    },
    requests,
    scriptFor,
    force: (answer, count = 1) => {
      forced = { answer, count };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
