// @vitest-environment node
// Tests that the Netlify and Vercel entry points reach the Greenhouse handler at /greenhouse/.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as vercel from "../../../../api/greenhouse";
import netlify, { config as netlifyConfig } from "../../../../functions/greenhouse";
import { functionNamed } from "../../../../src/server/functions";
import { functionPaths } from "../../../../src/server/functionPaths";

describe("greenhouse entry points", () => {
  it("Netlify answers at both spellings of the table's path", () => {
    expect(netlifyConfig.path).toEqual(functionPaths(functionNamed("greenhouse")));
  });

  it("Vercel rewrites /greenhouse/ to the api/ entry point", () => {
    const config = JSON.parse(readFileSync("vercel.json", "utf8")) as {
      rewrites: Array<{ source: string; destination: string }>;
    };
    expect(config.rewrites).toEqual(
      expect.arrayContaining([
        { source: "/greenhouse", destination: "/api/greenhouse" },
        { source: "/greenhouse/", destination: "/api/greenhouse" },
      ]),
    );
  });

  it.each([
    ["Netlify", (request: Request) => netlify(request, {})],
    ["Vercel", (request: Request) => vercel.GET(request)],
  ])("%s refuses bad input with 400 before any upstream call", async (_name, call) => {
    const response = await call(
      new Request("https://site.example/greenhouse/?action=listings&url=x"),
    );
    expect(response.status).toBe(400);
  });

  it("Netlify refuses POST with 405", async () => {
    const response = await netlify(
      new Request("https://site.example/greenhouse/", { method: "POST" }),
      {},
    );
    expect(response.status).toBe(405);
  });
});
