// @vitest-environment node
// Tests the nine lead entry points on Netlify and Vercel: a lead is taken, and every other method gets our JSON 405.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as vercelWebinar from "../../../../api/api-webinar";
import * as vercelContact from "../../../../api/hubspot";
import * as vercelNewsletter from "../../../../api/hubspot-newsletter";
import * as vercelPartners from "../../../../api/hubspot-partners";
import * as vercelPress from "../../../../api/hubspot-press";
import * as vercelSinglePane from "../../../../api/hubspot-single-pane";
import * as vercelSupport from "../../../../api/hubspot-support";
import * as vercelRisk from "../../../../api/risk";
import * as vercelRoi from "../../../../api/roi";
import * as netlifyWebinar from "../../../../functions/api-webinar";
import * as netlifyContact from "../../../../functions/hubspot";
import * as netlifyNewsletter from "../../../../functions/hubspot-newsletter";
import * as netlifyPartners from "../../../../functions/hubspot-partners";
import * as netlifyPress from "../../../../functions/hubspot-press";
import * as netlifySinglePane from "../../../../functions/hubspot-single-pane";
import * as netlifySupport from "../../../../functions/hubspot-support";
import * as netlifyRisk from "../../../../functions/risk";
import * as netlifyRoi from "../../../../functions/roi";
import { leadEndpoints, type LeadEndpoint } from "../../../../src/leads/endpoints";
import { functionNamed } from "../../../../src/server/functions";
import { functionPaths } from "../../../../src/server/functionPaths";
import { createFileLeadStore } from "../../../../src/server/leads/fileLeadStore";
import { validBodies } from "../../leads/samples";

type Call = (request: Request) => Promise<Response>;
type VercelModule = Record<(typeof METHODS)[number], Call>;
type NetlifyModule = {
  default: (request: Request, context: object) => Promise<Response>;
  config: { path: string[] };
};

const METHODS = ["POST", "GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

const entryPoints: Record<
  LeadEndpoint,
  { name: string; vercel: VercelModule; netlify: NetlifyModule }
> = {
  "/api/hubspot/": { name: "hubspot", vercel: vercelContact, netlify: netlifyContact },
  "/api/hubspot-single-pane/": {
    name: "hubspot-single-pane",
    vercel: vercelSinglePane,
    netlify: netlifySinglePane,
  },
  "/api/hubspot-newsletter/": {
    name: "hubspot-newsletter",
    vercel: vercelNewsletter,
    netlify: netlifyNewsletter,
  },
  "/api/hubspot-support/": {
    name: "hubspot-support",
    vercel: vercelSupport,
    netlify: netlifySupport,
  },
  "/api/hubspot-press/": { name: "hubspot-press", vercel: vercelPress, netlify: netlifyPress },
  "/api/hubspot-partners/": {
    name: "hubspot-partners",
    vercel: vercelPartners,
    netlify: netlifyPartners,
  },
  "/api/roi/": { name: "roi", vercel: vercelRoi, netlify: netlifyRoi },
  "/risk/": { name: "risk", vercel: vercelRisk, netlify: netlifyRisk },
  "/api-webinar/": { name: "api-webinar", vercel: vercelWebinar, netlify: netlifyWebinar },
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "lead-adapters-"));
  // The entry points read the real environment: a lead store folder of our own and no HubSpot.
  vi.stubEnv("LEADS_STORE_DIR", dir);
  vi.stubEnv("HUBSPOT_PORTAL_ID", "");
  vi.stubEnv("HUBSPOT_WEBINAR_FORM_IDS", "");
  vi.spyOn(console, "log").mockImplementation(() => undefined);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const URL_BASE = "https://site.example";
const postLead = (endpoint: LeadEndpoint) =>
  new Request(`${URL_BASE}${endpoint}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: URL_BASE },
    body: JSON.stringify(validBodies[endpoint]),
  });

async function expectOurMethodNotAllowed(response: Response, method: string) {
  expect(response.status).toBe(405);
  expect(response.headers.get("allow")).toBe("POST");
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  if (method === "HEAD") {
    expect(response.body).toBeNull();
  } else {
    expect(await response.json()).toEqual({
      error: { code: "method_not_allowed", message: "Use POST." },
    });
  }
}

describe.each(leadEndpoints)("%s entry points", (endpoint) => {
  const { name, vercel, netlify } = entryPoints[endpoint];

  it("Vercel exports every method it dispatches", () => {
    for (const method of METHODS) expect(typeof vercel[method], method).toBe("function");
  });

  it("Vercel's POST stores the lead", async () => {
    const response = await vercel.POST(postLead(endpoint));
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const [record] = await createFileLeadStore(dir).list();
    expect(record).toMatchObject({ id, endpoint, status: "pending" });
  });

  it.each(METHODS.filter((method) => method !== "POST"))(
    "Vercel answers %s with our JSON 405 and Allow",
    async (method) => {
      const response = await vercel[method](new Request(`${URL_BASE}${endpoint}`, { method }));
      await expectOurMethodNotAllowed(response, method);
    },
  );

  it("Netlify stores a POSTed lead", async () => {
    const response = await netlify.default(postLead(endpoint), {});
    expect(response.status).toBe(200);
    expect(await createFileLeadStore(dir).list()).toHaveLength(1);
  });

  it.each(METHODS.filter((method) => method !== "POST"))(
    "Netlify answers %s with our JSON 405 and Allow",
    async (method) => {
      const response = await netlify.default(new Request(`${URL_BASE}${endpoint}`, { method }), {});
      await expectOurMethodNotAllowed(response, method);
    },
  );

  it("Netlify is routed at both spellings of the table's path, which is the endpoint", () => {
    const route = functionNamed(name);
    expect(netlify.config.path).toEqual(functionPaths(route));
    expect(functionPaths(route)[1]).toBe(endpoint);
  });

  it("Vercel reaches it: under api/ directly, otherwise through a rewrite in vercel.json", () => {
    if (endpoint === `/api/${name}/`) return;
    const config = JSON.parse(readFileSync("vercel.json", "utf8")) as {
      rewrites: { source: string; destination: string }[];
    };
    expect(config.rewrites).toEqual(
      expect.arrayContaining([
        { source: endpoint.replace(/\/$/, ""), destination: `/api/${name}` },
        { source: endpoint, destination: `/api/${name}` },
      ]),
    );
  });
});
