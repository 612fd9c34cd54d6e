import { describe, expect, it } from "vitest";
import { categoryFor, routes, withTrailingSlash } from "../../../src/config/routes";
import { specRoutes } from "../../fixtures/specRoutes";

describe("route registry", () => {
  it("contains every route of the site's route list (tests/fixtures/routes.txt)", () => {
    const registered = new Set(routes.map((route) => route.path));
    const missing = specRoutes().filter((route) => !registered.has(withTrailingSlash(route)));
    expect(missing).toEqual([]);
  });

  it("lists each path once, with a trailing slash", () => {
    const paths = routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p).toMatch(/^\/([a-z0-9-]+\/)*$/);
  });

  it("categorises pages for analytics, including generated ones by prefix", () => {
    expect(categoryFor("/")).toBe("Homepage");
    expect(categoryFor("/pricing")).toBe("Pricing");
    expect(categoryFor("/blog/some-post/")).toBe("Blog");
    expect(categoryFor("/careers/jobs/apply/")).toBe("Careers");
    expect(categoryFor("/nowhere/")).toBeUndefined();
  });
});
