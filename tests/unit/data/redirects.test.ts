// Redirects as content: the build refuses a loop, a repeated `from`, a `from` that is a live page and a `to`
// that goes nowhere, naming the entry; chains collapse to one hop; each host's form carries the same rules;
// the query string is kept; the shipped redirects.yml passes against the site's pages.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { fillPlaceholders } from "../../../src/data/content";
import {
  encodeTarget,
  parseNetlifyRedirects,
  parseRedirects,
  redirectLocation,
  renderNetlifyRedirects,
  renderVercelRedirects,
  resolveRedirects,
  type PathClaim,
  type RedirectEntry,
  type RedirectRule,
} from "../../../src/data/redirects";
import { isNonPagePath } from "../../../src/server/nonPagePaths";

const pages = new Set(["/", "/contact-sales/", "/pricing/", "/blog/new-name/"]);
/** An entry as the schema checks it. */
const entry = (from: string, to: string, permanent = true): RedirectEntry => {
  const [parsed] = parseRedirects({ redirects: [{ from, to, permanent }] });
  if (!parsed) throw new Error("no entry");
  return parsed;
};
const claimed: PathClaim = (pathname) => (isNonPagePath(pathname) ? "reserved" : null);
/** Rules as the build makes them (every value through the checks). */
const rulesOf = (...entries: RedirectEntry[]): RedirectRule[] =>
  resolveRedirects(entries, new Set(entries.map((e) => e.to.split("?")[0] ?? "")), claimed).rules;

describe("resolveRedirects", () => {
  it("collapses chains to one hop, and a temporary hop keeps the chain temporary", () => {
    const { rules, problems } = resolveRedirects(
      [
        entry("/a/", "/b/"),
        entry("/b", "/c/", false),
        entry("/c/", "/pricing/?plan=pro"),
        entry("/docs/", "https://docs.example.com/start"),
      ],
      pages,
      claimed,
    );
    expect(problems).toEqual([]);
    expect(rules).toEqual([
      { from: "/a/", to: "/pricing/?plan=pro", permanent: false },
      { from: "/b/", to: "/pricing/?plan=pro", permanent: false },
      { from: "/c/", to: "/pricing/?plan=pro", permanent: true },
      { from: "/docs/", to: "https://docs.example.com/start", permanent: true },
    ]);
  });

  it("fails on a loop, a repeated from, a live page and a dead end, naming each entry", () => {
    const { problems } = resolveRedirects(
      [
        entry("/loop-a/", "/loop-b/"),
        entry("/loop-b/", "/loop-a/"),
        entry("/old/", "/pricing/"),
        entry("/old", "/contact-sales/"),
        entry("/pricing/", "/contact-sales/"),
        entry("/gone/", "/no-such-page/"),
      ],
      pages,
      claimed,
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /redirects\[3\] \(from \/old to \/contact-sales\/\): another redirect already starts from \/old\//,
      ),
      expect.stringMatching(/redirects\[4\] \(from \/pricing\/ .*\): \/pricing\/ is a live page/),
      expect.stringMatching(
        /redirects\[0\] \(from \/loop-a\/ to \/loop-b\/\): the redirects loop \(\/loop-a\/ → \/loop-b\/ → \/loop-a\/\)/,
      ),
      expect.stringMatching(/redirects\[1\] .*: the redirects loop/),
      expect.stringMatching(
        /redirects\[5\] \(from \/gone\/ to \/no-such-page\/\): \/no-such-page\/ is not a page this build makes/,
      ),
    ]);
  });

  it("refuses entries that are not addresses", () => {
    expect(() => parseRedirects({ redirects: [{ from: "old-page", to: "/x/" }] })).toThrow(
      /from: must be one path of this site/,
    );
    expect(() =>
      parseRedirects({ redirects: [{ from: "/a/", to: "javascript:alert(1)" }] }),
    ).toThrow(/to: must be/);
    expect(() => parseRedirects({ redirects: [{ from: "/a/", to: "//evil.example/" }] })).toThrow(
      /to: must be/,
    );
    expect(parseRedirects({ redirects: [{ from: "/a/", to: "/b/" }] })).toEqual([
      entry("/a/", "/b/"),
    ]);
  });
});

describe("the values, one by one", () => {
  const refusedFrom = [
    "/a b/",
    "/a\tb/",
    "/old/\n/pricing/",
    "/*",
    "/blog/*",
    "/:page/",
    "/a:b/",
    "/promo!/",
    "/a/#x",
    "/a/?utm=1",
    "//evil.example/",
    "/a//b/",
    "/../etc/",
    "/./",
    "/über/",
    "/a%20b/",
    "/a\u0000/",
  ];
  it.each(refusedFrom)("refuses the old address %j", (from) => {
    expect(() => parseRedirects({ redirects: [{ from, to: "/pricing/" }] })).toThrow(
      /from: must be one path of this site/,
    );
  });

  const refusedTo = [
    "https://evil.example/ 200!",
    "/contact-sales/\n/pricing/ https://evil.example/ 302!",
    "/a/\r\n/*  https://evil.example/:splat 200!",
    "/a/\u0085b",
    "/a/\u2028b",
    "/a\\b/",
    "//evil.example/",
    "https://user:pass@evil.example/",
    "javascript:alert(1)",
    "ftp://files.example/",
    "https:///nohost",
    "https://",
  ];
  it.each(refusedTo)("refuses the target %j", (to) => {
    expect(() => parseRedirects({ redirects: [{ from: "/old/", to }] })).toThrow(/to: must be/);
  });

  it("percent-encodes a target once: non-ASCII, quotes and brackets, : and * after the origin, a second #", () => {
    expect(encodeTarget("/pricing/?q=✓")).toBe("/pricing/?q=%E2%9C%93");
    expect(encodeTarget("/pricing/?q=%E2%9C%93")).toBe("/pricing/?q=%E2%9C%93");
    expect(encodeTarget("/a/?t=10:00&x=*")).toBe("/a/?t=10%3A00&x=%2A");
    expect(encodeTarget("/a/?q=\"<x>\"&p=100%")).toBe("/a/?q=%22%3Cx%3E%22&p=100%25");
    expect(encodeTarget("/a/#one#two")).toBe("/a/#one%23two");
    expect(encodeTarget("HTTPS://Docs.Example.com:443/Start?x=é")).toBe(
      "https://docs.example.com/Start?x=%C3%A9",
    );
    expect(encodeTarget("https://bücher.example/")).toBe("https://xn--bcher-kva.example/");
    expect(encodeTarget("https://docs.example.com:8443")).toBe("https://docs.example.com:8443");
  });

  it("refuses old addresses the functions, the admin and the build's files answer, in any case", () => {
    const reserved = [
      "/api/hubspot/",
      "/API/hubspot",
      "/api/leads-worker/",
      "/admin/",
      "/admin/config.yml",
      "/risk/",
      "/greenhouse",
      "/fp/events/abc/",
      "/static/x.js",
      "/page-data/app-data.json",
      "/pagefind/",
      "/og/index.png",
      "/.netlify/functions/hubspot",
    ];
    const { problems } = resolveRedirects(
      reserved.map((from) => entry(from, "/pricing/")),
      pages,
      claimed,
    );
    expect(problems).toHaveLength(reserved.length);
    for (const problem of problems) expect(problem).toMatch(/ is reserved$/);
    // A page whose name starts like a function's is no function's.
    expect(resolveRedirects([entry("/risk-old/", "/pricing/")], pages, claimed).problems).toEqual([]);
  });
});

describe("each host's form", () => {
  const rules = rulesOf(
    entry("/old/", "/pricing/"),
    entry("/promo/", "/contact-sales/?src=promo", false),
  );
  it("Netlify: both spellings, 301 or 302, forced; the Node server reads the same file back", () => {
    const text = renderNetlifyRedirects(rules);
    expect(text).toContain("/old/ /pricing/ 301!\n/old /pricing/ 301!\n");
    expect(text).toContain("/promo/ /contact-sales/?src=promo 302!\n");
    expect(parseNetlifyRedirects(text)).toEqual(rules);
  });
  it("reads back only lines of its own shape with checked values: no forced 200, splat, placeholder or raw byte", () => {
    const planted = [
      "/pricing/ https://evil.example/ 200!",
      "/* https://evil.example/:splat 200!",
      "/:page/ https://evil.example/ 301!",
      "/a/ /b/ 301! Country=us",
      "/c/ /pricing/?q=✓ 301!",
      "/d/ /pricing/ 301",
      "/e /pricing/ 301!",
      "/ok/ /pricing/?q=%E2%9C%93 302!",
    ].join("\n");
    expect(parseNetlifyRedirects(planted)).toEqual([
      { from: "/ok/", to: "/pricing/?q=%E2%9C%93", permanent: false },
    ]);
  });
  it("writes no value the checks did not make: an unchecked rule stops the build", () => {
    const forged = [{ from: "/x/", to: "https://evil.example/ 200!", permanent: true }];
    expect(() => renderNetlifyRedirects(forged as unknown as RedirectRule[])).toThrow(/not checked/);
    expect(() => renderVercelRedirects(forged as unknown as RedirectRule[])).toThrow(/not checked/);
  });
  it("Vercel: one route per address, with or without its slash, 308 or 307", () => {
    expect(renderVercelRedirects(rules)).toEqual([
      { src: "^/old/?$", headers: { Location: "/pricing/" }, status: 308 },
      { src: "^/promo/?$", headers: { Location: "/contact-sales/?src=promo" }, status: 307 },
    ]);
  });
  it("keeps the request's query string, joined to the target's own", () => {
    expect(redirectLocation("/pricing/", "?utm_source=ad")).toBe("/pricing/?utm_source=ad");
    expect(redirectLocation("/c/?src=promo#form", "?utm_source=ad")).toBe(
      "/c/?src=promo&utm_source=ad#form",
    );
    expect(redirectLocation("/pricing/", "")).toBe("/pricing/");
  });
});

describe("the shipped content/settings/redirects.yml", () => {
  it("passes against the site's routes, with a campaign path, a chain and a retired address", () => {
    const root = path.resolve(__dirname, "../../..");
    const data = fillPlaceholders(
      parse(fs.readFileSync(path.join(root, "content/settings/redirects.yml"), "utf8")) as unknown,
    );
    const entries = parseRedirects(data);
    const sitePages = new Set([
      "/contact-sales/",
      "/pricing/",
      "/products/fingerprint-pro/",
      "/blog/cookies-vs-device-identification/",
      "/webinars/",
    ]);
    const { rules, problems } = resolveRedirects(entries, sitePages, claimed);
    expect(problems).toEqual([]);
    expect(rules.find((r) => r.from === "/get-started/")?.to).toBe("/contact-sales/");
    expect(rules.find((r) => r.from === "/summer-promo/")?.permanent).toBe(false);
    // A campaign value with an accent: written percent-encoded for every host.
    expect(rules.find((r) => r.from === "/promo-ete/")?.to).toBe(
      "/pricing/?utm_campaign=%C3%A9t%C3%A9",
    );
  });
});

describe("the build's redirects step", () => {
  it("writes _redirects and Vercel's routes, or returns the problems that fail the build, writing nothing", async () => {
    const { writeRedirects, pendingVercelRedirectsFile } =
      await import("../../../src/gatsby/redirects");
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "redirects-step-"));
    const publicDir = path.join(root, "public");
    fs.mkdirSync(path.join(root, "content/settings"), { recursive: true });
    fs.mkdirSync(publicDir);
    const file = path.join(root, "content/settings/redirects.yml");
    try {
      fs.writeFileSync(file, "redirects:\n  - from: /pricing/\n    to: /\n");
      const bad = await writeRedirects(root, publicDir, new Set(["/", "/pricing/"]));
      expect(bad.problems).toEqual([
        expect.stringContaining("redirects[0] (from /pricing/ to /): /pricing/ is a live page"),
      ]);
      expect(fs.existsSync(path.join(publicDir, "_redirects"))).toBe(false);
      fs.writeFileSync(
        file,
        "redirects:\n  - from: /old/\n    to: /pricing/\n    permanent: false\n",
      );
      const good = await writeRedirects(root, publicDir, new Set(["/", "/pricing/"]));
      expect(good.problems).toEqual([]);
      expect(fs.readFileSync(path.join(publicDir, "_redirects"), "utf8")).toContain(
        "/old/ /pricing/ 302!",
      );
      expect(JSON.parse(fs.readFileSync(pendingVercelRedirectsFile(root), "utf8"))).toEqual([
        { src: "^/old/?$", headers: { Location: "/pricing/" }, status: 307 },
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
