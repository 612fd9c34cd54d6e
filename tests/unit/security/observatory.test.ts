// @vitest-environment node
// The header sets the https hosts send, scored by Mozilla Observatory's published rules and checked
// by Google's CSP Evaluator (csp_evaluator), for the pages the issue names and every other policy.
import { promises as fs } from "node:fs";
import path from "node:path";
import { CspEvaluator } from "csp_evaluator/dist/evaluator";
import { Severity } from "csp_evaluator/dist/finding";
import { CspParser } from "csp_evaluator/dist/parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSecurityHeaders } from "../../../src/gatsby/securityHeaders";
import { publishVercelRoutes } from "../../../src/gatsby/hostAdapter";
import { FUNCTION_CSP } from "../../../src/security/headers";
import type { HeaderManifest } from "../../../src/security/manifest";
import { netlifyHeadersFor, vercelHeadersFor } from "./support/hosts";
import { observatoryScore } from "./support/observatory";
import { PRODUCTION_ENV, createSite, type SiteFixture } from "./support/site";

let site: SiteFixture;
let manifest: HeaderManifest;
let netlifyFile: string;
let vercelConfig: { routes?: [] };

beforeAll(async () => {
  site = await createSite({ vercelPlugin: true });
  const result = await writeSecurityHeaders(site.rootDir, site.publicDir, PRODUCTION_ENV);
  expect(result.problems).toEqual([]);
  expect(await publishVercelRoutes(site.rootDir, { ...PRODUCTION_ENV, VERCEL: "1" })).toBe(true);
  manifest = result.manifest;
  netlifyFile = await fs.readFile(path.join(site.publicDir, "_headers"), "utf8");
  vercelConfig = JSON.parse(
    await fs.readFile(path.join(site.rootDir, ".vercel", "output", "config.json"), "utf8"),
  );
});

afterAll(async () => {
  await site.cleanup();
});

const PAGES: ReadonlyArray<[string, string]> = [
  ["/", "index.html"],
  [
    "/blog/credential-stuffing-layered-defense/",
    "blog/credential-stuffing-layered-defense/index.html",
  ],
  ["/demo/", "demo/index.html"],
  ["/contact-sales/", "contact-sales/index.html"],
  ["/careers/jobs/apply/", "careers/jobs/apply/index.html"],
  ["/admin/", "admin/index.html"],
  ["/404.html", "404.html"],
];

describe("Mozilla Observatory score of each named page's header set", () => {
  it.each(PAGES)("%s scores at least 105 on Netlify and on Vercel", async (route, file) => {
    const html = await fs.readFile(path.join(site.publicDir, file), "utf8");
    for (const headers of [
      netlifyHeadersFor(netlifyFile, route),
      vercelHeadersFor(vercelConfig, route),
    ]) {
      const { score, results } = observatoryScore(headers, html);
      const penalties = results.filter((r) => r.modifier < 0).map((r) => r.result);
      // Decap's config validation compiles code at run time (src/security/csp.ts adminPolicy): the
      // admin alone pays for 'unsafe-eval', and makes it up with integrity on its bundle.
      expect(penalties).toEqual(route === "/admin/" ? ["csp-implemented-with-unsafe-eval"] : []);
      expect(score, `${route}: ${JSON.stringify(results)}`).toBeGreaterThanOrEqual(105);
    }
  });

  it("the scorer can fail: the site's old header set (no CSP, no HSTS) scores far below", () => {
    const old = {
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "SAMEORIGIN",
    };
    expect(observatoryScore(old, '<script src="/app.js"></script>').score).toBe(55);
    const inline = {
      ...old,
      "strict-transport-security": "max-age=63072000",
      "content-security-policy": "default-src 'self'; script-src 'self' 'unsafe-inline'",
    };
    const scored = observatoryScore(inline, null);
    expect(scored.results.find((r) => r.test === "content-security-policy")?.result).toBe(
      "csp-implemented-with-unsafe-inline",
    );
    expect(scored.score).toBe(80);
  });
});

function highFindings(policy: string): string[] {
  const parsed = new CspParser(policy).csp;
  return new CspEvaluator(parsed)
    .evaluate()
    .filter((finding) => finding.severity === Severity.HIGH)
    .map((finding) => `${finding.directive}: ${finding.description}`);
}

describe("Google's CSP Evaluator", () => {
  it("finds nothing of high severity in any page's policy, the fallback or the functions'", () => {
    const policies = { ...manifest.pages, fallback: manifest.fallback, functions: FUNCTION_CSP };
    for (const [name, policy] of Object.entries(policies)) {
      expect(highFindings(policy), name).toEqual([]);
    }
  });

  it("would report one: the checker is live", () => {
    expect(highFindings("script-src 'self' 'unsafe-inline' https:; object-src *")).not.toEqual([]);
  });
});
