// @vitest-environment node
// Tests the identification defaults that must meet the server: the random visits path can never be a
// page's path, and the proxy and direct-mode URLs name functions the server table really serves.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_EVENTS_API_URL,
  identificationConfig,
  isSafeVisitsSegment,
  randomVisitsPath,
  readIdentificationConfig,
} from "../../../src/config/identification";
import { routeFamilies, routes } from "../../../src/config/routes";
import { findFunctionByHeader, functionNamed, functions } from "../../../src/server/functions";

/** Folders Gatsby, the CMS and the functions put at the root of the site, beside the pages. */
const ROOT_FOLDERS = [
  "page-data",
  "slice-data",
  "static",
  "admin",
  "_gatsby",
  "~partytown",
  "404",
  "500",
  "api",
  "fp",
];

function firstSegment(path: string): string {
  return path.split("/").filter(Boolean)[0] ?? "";
}

/** Every first path segment the site serves something at. */
function servedSegments(): string[] {
  const fromRoutes = routes.map((route) => firstSegment(route.path));
  const fromFamilies = routeFamilies.map((family) => firstSegment(family.example));
  const fromStatic = readdirSync("static");
  const fromPages = readdirSync("src/pages").map((file) => file.replace(/\.[jt]sx?$/, ""));
  const fromFunctions = functions.map((route) => firstSegment(route.path));
  return [
    ...fromRoutes,
    ...fromFamilies,
    ...fromStatic,
    ...fromPages,
    ...fromFunctions,
    ...ROOT_FOLDERS,
  ].filter(Boolean);
}

const segmentOf = (path: string) => path.slice(1, -1);

describe("random visits path", () => {
  it("is four letters and digits between slashes, with an upper-case letter and a digit", () => {
    for (let i = 0; i < 2000; i += 1) {
      const path = randomVisitsPath();
      expect(path).toMatch(/^\/[A-Za-z0-9]{4}\/$/);
      expect(isSafeVisitsSegment(segmentOf(path))).toBe(true);
    }
  });

  it("stays safe at the extremes of the random source", () => {
    for (const value of [0, 0.25, 0.5, 0.999999]) {
      const path = randomVisitsPath(() => value);
      expect(isSafeVisitsSegment(segmentOf(path))).toBe(true);
    }
    expect(randomVisitsPath(() => 0)).toBe("/A0aa/");
  });

  it("varies (not a fixed path in disguise)", () => {
    const seen = new Set(Array.from({ length: 200 }, () => randomVisitsPath()));
    expect(seen.size).toBeGreaterThan(150);
  });

  it("can never be the first segment of anything the site serves, in any letter case", () => {
    const segments = servedSegments();
    expect(segments).toEqual(expect.arrayContaining(["demo", "blog", "page-data", "admin"]));
    for (const segment of segments) {
      expect(isSafeVisitsSegment(segment)).toBe(false);
      // A random path can only equal a served segment case-insensitively if that segment is four
      // letters and digits with a digit in it; none is.
      expect(/^[A-Za-z0-9]{4}$/.test(segment) && /\d/.test(segment)).toBe(false);
    }
  });

  it("rejects 4-letter routes such as /demo/ and /blog/", () => {
    for (const segment of ["demo", "blog", "DEMO", "Demo", "d3mo", "D3MO", "A1b", "A1b2c"]) {
      expect(isSafeVisitsSegment(segment)).toBe(segment === "D3MO");
    }
  });

  it("is what the site uses when no fixed path is configured, and the server routes it", () => {
    const { visitsPath } = identificationConfig;
    if (process.env.GATSBY_FPJS_VISITS_PATH) return;
    expect(visitsPath).not.toBeNull();
    expect(isSafeVisitsSegment(segmentOf(visitsPath ?? ""))).toBe(true);
    const headers = new Headers({ "x-vercel-function": "visits" });
    expect(findFunctionByHeader(visitsPath ?? "", headers)?.name).toBe("fp-visits");
  });
});

describe("URLs the browser is given", () => {
  const config = readIdentificationConfig({ GATSBY_FPJS_PUBLIC_API_KEY: "abcdEFGH1234" });

  it("proxy mode: the agent script and the endpoint are paths of the function table", () => {
    expect(new URL(config.scriptUrlPattern, "https://x.test").pathname).toBe(
      functionNamed("fp-agent").path,
    );
    expect(new URL(config.endpoint, "https://x.test").pathname).toBe(
      functionNamed("fp-result").path,
    );
    expect(config.scriptUrlPattern).toContain("apiKey=<apiKey>");
    expect(config.scriptUrlPattern).toContain("version=<version>");
    expect(config.scriptUrlPattern).toContain("loaderVersion=<loaderVersion>");
  });

  it("direct mode: {events api}/events/{requestId} lands on the site's own events function", () => {
    expect(config.eventsApiUrl).toBe(DEFAULT_EVENTS_API_URL);
    const url = `${config.eventsApiUrl}/events/1767225600123.Ab3dEf`;
    expect(url).toBe("/fp/events/1767225600123.Ab3dEf");
    const pattern = new RegExp(
      `^${functionNamed("fp-events-direct").path.replace(":requestId", "[^/]+")}$`,
    );
    expect(url).toMatch(pattern);
  });
});
