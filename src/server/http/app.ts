// The local HTTP app: function routes from the shared table, then the static Gatsby build.
import { promises as fs } from "node:fs";
import path from "node:path";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import {
  findFunctionByHeader,
  functions as defaultFunctions,
  runFunction,
  type FunctionRoute,
} from "../functions";
import { functionPaths } from "../functionPaths";
import { nodeClientAddress, type ForwardedHeader, type TrustProxy } from "./clientAddress";
import { errorResponse, internalError, type PlatformContext } from "./responses";
import { mountBuild } from "./static";
import { redirectsFrom } from "./redirects";
import { printable } from "../logText";
import {
  policyForPath,
  readManifest,
  sharedHeadersForPath,
  type HeaderManifest,
} from "../../security/manifest";
import { FORBIDDEN_HEADERS, STATIC_HEADERS, TWIN_HEADERS } from "../../security/headers";

/** Receives one line per request; tests pass a collector. */
export type Logger = (line: string) => void;
/** Receives what a handler threw, for the server log only. */
export type ErrorLogger = (error: unknown, where: string) => void;

export type FunctionsAppOptions = {
  functions?: readonly FunctionRoute[];
  /** Called per request, so a changed GEO_COUNTRY applies without a restart. */
  platform?: () => PlatformContext;
  /** The proxies in front (TRUST_PROXY); without them the socket's peer is the client. */
  trustProxy?: () => { trust: TrustProxy; header: ForwardedHeader };
  logger?: Logger;
  logError?: ErrorLogger;
  /** Where the built 500 page lives; without it, failures answer with the JSON error only. */
  publicDir?: string;
};

export type AppOptions = FunctionsAppOptions & {
  publicDir: string;
};

/** Without a built manifest (a build from before the headers step), nothing may run: fail closed. */
const NO_MANIFEST_POLICY =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const defaultLogger: Logger = (line) => console.log(line);
const defaultErrorLogger: ErrorLogger = (error, where) => console.error(`${where} failed:`, error);

function wantsHtml(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes("text/html");
}

/**
 * A browser gets the site's own 500 page; a script gets the generic JSON error. Neither ever
 * carries the exception's message or stack.
 */
export async function errorPage(request: Request, publicDir?: string): Promise<Response> {
  if (publicDir && wantsHtml(request)) {
    for (const candidate of ["500/index.html", "500.html"]) {
      try {
        const html = await fs.readFile(path.join(publicDir, candidate));
        return new Response(request.method === "HEAD" ? null : html.toString("utf8"), {
          status: 500,
          headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
        });
      } catch {
        // Try the next spelling, then fall back to JSON.
      }
    }
  }
  return internalError();
}

function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const elapsed = (performance.now() - started).toFixed(1);
    // The path only: query strings can carry personal data (emails, ids) that logs must not keep. The
    // client wrote it: escaped and cut like any outside text (../logText.ts).
    logger(
      `${printable(c.req.method, 16)} ${printable(new URL(c.req.url).pathname, 300)} ${c.res.status} ${elapsed}ms`,
    );
  };
}

/**
 * The headers the build computed (src/security): the shared set on every static answer (with a page's
 * own values where it has some) and each page's own Content-Security-Policy. A function's answer already
 * carries its own (runFunction).
 */
function securityHeaders(manifest: () => Promise<HeaderManifest | null>): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (const name of FORBIDDEN_HEADERS) c.res.headers.delete(name);
    if (c.res.headers.has("content-security-policy")) return;
    const loaded = await manifest();
    const pathname = new URL(c.req.url).pathname;
    const shared = loaded ? sharedHeadersForPath(loaded, pathname) : STATIC_HEADERS;
    for (const [name, value] of Object.entries(shared)) c.header(name, value);
    // A Markdown twin, at its own address or the page's (static.ts negotiates), carries the twins' headers.
    if (c.res.headers.get("content-type")?.startsWith("text/markdown"))
      for (const [name, value] of Object.entries(loaded?.twins ?? TWIN_HEADERS)) c.header(name, value);
    c.header(
      "content-security-policy",
      loaded ? policyForPath(loaded, pathname) : NO_MANIFEST_POLICY,
    );
  };
}

/**
 * The platform context plus the client's address: the socket's peer, which no header can change,
 * unless TRUST_PROXY names that peer as a proxy (src/server/http/clientAddress.ts reads the chain).
 */
function platformOf(options: FunctionsAppOptions, c: Context): PlatformContext {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming;
  const proxies = options.trustProxy?.() ?? { trust: { kind: "none" }, header: "x-forwarded-for" };
  return {
    ...options.platform?.(),
    clientIp: nodeClientAddress(
      incoming?.socket?.remoteAddress,
      c.req.raw.headers,
      proxies.trust,
      proxies.header,
    ),
  };
}

/** Adds the table's routes, each at both spellings of its path. */
function mountFunctionRoutes(app: Hono, options: FunctionsAppOptions): void {
  const table = options.functions ?? defaultFunctions;
  const logError = options.logError ?? defaultErrorLogger;
  for (const route of table) {
    for (const routePath of functionPaths(route)) {
      app.all(routePath, (c) =>
        runFunction(route, c.req.raw, platformOf(options, c), (error, request) => {
          logError(error, `function ${route.name}`);
          return errorPage(request, options.publicDir);
        }),
      );
    }
  }
}

function baseApp(options: FunctionsAppOptions): Hono {
  const app = new Hono();
  const logError = options.logError ?? defaultErrorLogger;
  app.use("*", requestLog(options.logger ?? defaultLogger));
  let manifest: Promise<HeaderManifest | null> | null = null;
  // Read once per server: a rebuild means a restart, as for the pages themselves.
  const loadManifest = () =>
    (manifest ??= options.publicDir ? readManifest(options.publicDir) : Promise.resolve(null));
  app.use("*", securityHeaders(loadManifest));
  // Header-routed functions (the visits call on a random path) come before any path match.
  app.use("*", async (c, next) => {
    const route = findFunctionByHeader(
      new URL(c.req.url).pathname,
      c.req.raw.headers,
      options.functions ?? defaultFunctions,
    );
    if (!route) return next();
    return runFunction(route, c.req.raw, platformOf(options, c), (error, request) => {
      logError(error, `function ${route.name}`);
      return errorPage(request, options.publicDir);
    });
  });
  app.onError((error, c) => {
    logError(error, `${c.req.method} ${new URL(c.req.url).pathname}`);
    return errorPage(c.req.raw, options.publicDir);
  });
  mountFunctionRoutes(app, options);
  return app;
}

/** Only the function routes: what Gatsby's develop server mounts beside its own. */
export function createFunctionsApp(options: FunctionsAppOptions = {}): Hono {
  const app = baseApp(options);
  app.notFound(() => errorResponse(404, "not_found", "No function answers at this path."));
  return app;
}

/** The production-like server: functions first, then every other path from the static build. */
export function createApp(options: AppOptions): Hono {
  const publicDir = path.resolve(options.publicDir);
  const app = baseApp({ ...options, publicDir });
  app.use("*", redirectsFrom(publicDir));
  mountBuild(app, publicDir);
  return app;
}
