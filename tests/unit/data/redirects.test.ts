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
  parseNetlifyRedirects,
  parseRedirects,
  redirectLocation,
  renderNetlifyRedirects,
  renderVercelRedirects,
  resolveRedirects,
  type RedirectEntry,
} from "../../../src/data/redirects";

const pages = new Set(["/", "/contact-sales/", "/pricing/", "/blog/new-name/"]);
const entry = (from: string, to: string, permanent = true): RedirectEntry => ({
  from,
  to,
  permanent,
});

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
      /from: must be a path/,
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

describe("each host's form", () => {
  const rules = [
    { from: "/old/", to: "/pricing/", permanent: true },
    { from: "/promo/", to: "/contact-sales/?src=promo", permanent: false },
  ];
  it("Netlify: both spellings, 301 or 302, forced; the Node server reads the same file back", () => {
    const text = renderNetlifyRedirects(rules);
    expect(text).toContain("/old/ /pricing/ 301!\n/old /pricing/ 301!\n");
    expect(text).toContain("/promo/ /contact-sales/?src=promo 302!\n");
    expect(parseNetlifyRedirects(text)).toEqual(rules);
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
    const { rules, problems } = resolveRedirects(entries, sitePages);
    expect(problems).toEqual([]);
    expect(rules.find((r) => r.from === "/get-started/")?.to).toBe("/contact-sales/");
    expect(rules.find((r) => r.from === "/summer-promo/")?.permanent).toBe(false);
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
