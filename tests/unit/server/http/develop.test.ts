// @vitest-environment node
// Tests that Gatsby develop's middleware hook serves the function table and passes other paths on.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  mountFunctions,
  type DevelopApp,
  type DevelopMiddleware,
} from "../../../../src/server/http/develop";

/** The smallest Express-like host: a middleware chain ending in a page that says who answered. */
function createHost(): { app: DevelopApp; server: http.Server } {
  const chain: DevelopMiddleware[] = [];
  const app: DevelopApp = { use: (middleware) => chain.push(middleware) };
  const server = http.createServer((request, response) => {
    const run = (index: number): void => {
      const middleware = chain[index];
      if (!middleware) {
        response.writeHead(200, { "content-type": "text/plain" }).end("gatsby");
        return;
      }
      middleware(request, response, (error) => {
        if (error) response.writeHead(500).end();
        else run(index + 1);
      });
    };
    run(0);
  });
  return { app, server };
}

let server: http.Server;
let base: string;
const lines: string[] = [];

beforeAll(async () => {
  const host = createHost();
  mountFunctions(host.app, { logger: (line) => lines.push(line) });
  server = host.server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("mountFunctions", () => {
  it("answers /api/get-country, believing no client-written geo header", async () => {
    const response = await fetch(`${base}/api/get-country`, {
      headers: { "x-vercel-ip-country": "DE" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ country: null });
  });

  it("answers the trailing-slash spelling, with a query string", async () => {
    vi.stubEnv("GEO_COUNTRY", "JP");
    const response = await fetch(`${base}/api/get-country/?x=1`);
    expect(await response.json()).toEqual({ country: "JP" });
  });

  it("passes GEO_COUNTRY as the platform country", async () => {
    vi.stubEnv("GEO_COUNTRY", "BR");
    const response = await fetch(`${base}/api/get-country`, {
      headers: { "x-vercel-ip-country": "DE" },
    });
    expect(await response.json()).toEqual({ country: "BR" });
  });

  it("leaves every other path to Gatsby", async () => {
    for (const path of ["/", "/about-us/", "/api/other", "/api/get-country-x"]) {
      const response = await fetch(`${base}${path}`);
      expect(await response.text()).toBe("gatsby");
    }
  });

  it("answers paths with a parameter and header-routed calls, as the local server does", async () => {
    const events = await fetch(`${base}/fp/events/1767225600123.Ab3dEf`);
    expect(await events.text()).not.toBe("gatsby");
    expect(events.headers.get("content-type")).toMatch(/json/);
    const visits = await fetch(`${base}/Q7xZ/`, {
      headers: { "x-vercel-function": "visits", "x-visitor-id": "Xy7qK2mPz9RtLw4Vb1Nc" },
    });
    expect(await visits.text()).not.toBe("gatsby");
    // Without the header the same path is Gatsby's.
    expect(await (await fetch(`${base}/Q7xZ/`)).text()).toBe("gatsby");
    expect(await (await fetch(`${base}/fp/events/`)).text()).toBe("gatsby");
  });

  it("logs the function requests", () => {
    expect(lines.some((line) => line.startsWith("GET /api/get-country 200"))).toBe(true);
  });
});
