// The rehearsal's reading of Vercel's Build Output routes, on a config shaped like the one `vercel build` writes.
import { describe, expect, it } from "vitest";
import { route, type Filesystem, type Route } from "../../../scripts/hosts/vercelRouting";

const FILES = new Set([
  "index.html",
  "pricing/index.html",
  "404.html",
  "app-0123456789abcdef0123.js",
]);
const FUNCTIONS = new Set([
  "api/get-country",
  "api/greenhouse",
  "api/fp-events-direct",
  "api/fp-visits",
]);
const fs: Filesystem = {
  isStaticFile: (file) => FILES.has(file),
  isFunction: (name) => FUNCTIONS.has(name),
};

/** Ours first (headers, slash rewrites), then what Vercel adds for `trailingSlash: true` and vercel.json. */
const ROUTES: Route[] = [
  {
    src: "^(?!(?:/api/get-country|/greenhouse)/?$)/.*$",
    headers: { "Content-Security-Policy": "fallback" },
    continue: true,
  },
  {
    src: "^/pricing/(?:index\\.html)?$",
    headers: { "Content-Security-Policy": "pricing" },
    continue: true,
  },
  { src: "^(/api/get-country)$", dest: "$1/", continue: true },
  { src: "^/\\.well-known(?:/.*)?$" },
  { src: "^/((?:[^/]+/)*[^/\\.]+)$", headers: { Location: "/$1/" }, status: 308 },
  {
    src: "^(?:/([^/]+-[0-9a-f]{20}\\.js))$",
    headers: { "Cache-Control": "immutable" },
    continue: true,
  },
  { handle: "filesystem" },
  { src: "^/greenhouse/$", dest: "/api/greenhouse", check: true },
  { src: "^/fp/events(?:/([^/]+?))/$", dest: "/api/fp-events-direct?requestId=$1", check: true },
  {
    src: "^(?:/([A-Za-z0-9]{4}))/$",
    dest: "/api/fp-visits?code=$1",
    check: true,
    has: [{ type: "header", key: "x-vercel-function", value: "visits" }],
  },
  { src: "^/api(/.*)?$", status: 404 },
  { handle: "miss" },
  { handle: "error" },
  { status: 404, src: "^(?!/api).*$", dest: "404.html" },
];

const get = (url: string, headers: Record<string, string> = {}) =>
  route(ROUTES, { method: "GET", url, headers: new Headers(headers) }, fs);

describe("Vercel output routing (rehearsal)", () => {
  it("serves a page's index.html with every matching route's headers, the later one winning", () => {
    expect(get("/pricing/")).toEqual({
      kind: "static",
      file: "pricing/index.html",
      status: 200,
      headers: { "content-security-policy": "pricing" },
    });
  });

  it("redirects a page path without its slash, as trailingSlash does", () => {
    const outcome = get("/pricing");
    expect(outcome).toMatchObject({ kind: "redirect", status: 308, location: "/pricing/" });
  });

  it("sends a function path to its function, with or without the slash when a route moves it", () => {
    expect(get("/api/get-country/")).toMatchObject({ kind: "function", name: "api/get-country" });
    expect(get("/api/get-country")).toMatchObject({ kind: "function", name: "api/get-country" });
  });

  it("rewrites after the filesystem, with the path's groups in the query and the request's path kept", () => {
    expect(get("/greenhouse/?action=listings")).toMatchObject({
      kind: "function",
      name: "api/greenhouse",
      url: "/greenhouse/?action=listings",
    });
    expect(get("/fp/events/abc/")).toMatchObject({
      kind: "function",
      name: "api/fp-events-direct",
      url: "/fp/events/abc/?requestId=abc",
    });
  });

  it("routes by header only when the header is there", () => {
    expect(get("/Ab12/", { "x-vercel-function": "visits" })).toMatchObject({
      name: "api/fp-visits",
    });
    expect(get("/Ab12/")).toMatchObject({ kind: "static", file: "404.html", status: 404 });
  });

  it("answers an unknown page with the 404 page and the fallback policy, an unknown /api path with a bare 404", () => {
    expect(get("/nowhere/")).toEqual({
      kind: "static",
      file: "404.html",
      status: 404,
      headers: { "content-security-policy": "fallback" },
    });
    expect(get("/api/nothing/")).toMatchObject({ kind: "status", status: 404 });
  });

  it("adds the cache header to hashed bundles and still serves them", () => {
    expect(get("/app-0123456789abcdef0123.js")).toMatchObject({
      kind: "static",
      headers: { "cache-control": "immutable" },
    });
  });
});
