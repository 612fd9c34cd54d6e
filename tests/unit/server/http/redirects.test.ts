// @vitest-environment node
// The Node server answers the build's redirects over HTTP: 301 for permanent, 302 for temporary, both
// spellings of the old address, the query string kept; a path that is no redirect is served as before.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  parseRedirects,
  renderNetlifyRedirects,
  resolveRedirects,
} from "../../../../src/data/redirects";
import { startServer, type RunningServer } from "../../../../src/server/main";

let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "redirects-http-"));
  fs.mkdirSync(path.join(dir, "pricing"));
  fs.writeFileSync(
    path.join(dir, "pricing", "index.html"),
    "<!doctype html><title>Pricing</title>",
  );
  fs.writeFileSync(
    path.join(dir, "_redirects"),
    renderNetlifyRedirects(
      resolveRedirects(
        parseRedirects({
          redirects: [
            { from: "/demo-request/", to: "/contact-sales/" },
            { from: "/summer-promo/", to: "/pricing/", permanent: false },
            { from: "/documentation/", to: "https://docs.example.com" },
          ],
        }),
        new Set(["/contact-sales/", "/pricing/"]),
        () => null,
      ).rules,
    ),
  );
  server = await startServer({
    publicDir: dir,
    port: 0,
    host: "127.0.0.1",
    logger: () => undefined,
    functions: [],
  });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (pathname: string) => fetch(new URL(pathname, server.url), { redirect: "manual" });

describe("the Node server's redirects", () => {
  it("answers a permanent one with 301 and a temporary one with 302, slash or no slash", async () => {
    for (const [pathname, status, location] of [
      ["/demo-request/", 301, "/contact-sales/"],
      ["/demo-request", 301, "/contact-sales/"],
      ["/summer-promo/", 302, "/pricing/"],
      ["/documentation/", 301, "https://docs.example.com"],
    ] as const) {
      const answer = await get(pathname);
      expect(answer.status, pathname).toBe(status);
      expect(answer.headers.get("location"), pathname).toBe(location);
    }
  });

  it("keeps the query string", async () => {
    const answer = await get("/summer-promo/?utm_source=newsletter&utm_campaign=june");
    expect(answer.headers.get("location")).toBe(
      "/pricing/?utm_source=newsletter&utm_campaign=june",
    );
  });

  it("serves every other path as before", async () => {
    expect((await get("/pricing/")).status).toBe(200);
    expect((await get("/no-such-page/")).status).toBe(404);
  });
});
