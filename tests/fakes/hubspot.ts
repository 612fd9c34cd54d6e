// A loopback fake of HubSpot's Forms API v3 submit endpoint (../shared/contracts/hubspot.md), with switches.
//
// Triggers and control, for unit and browser tests:
// - portal FAKE_HUBSPOT_PORTAL; every GUID in FAKE_HUBSPOT_FORMS (and the webinar ids) is a known form.
// - an email whose local part is "invalid" (invalid@example.com) → 400 INVALID_EMAIL;
//   any address at blocked.example → 400 BLOCKED_EMAIL (both pass the site's own validation).
// - POST /__fake/hubspot/mode {"mode":"ok"|"down"|"rate-limited"|"forbidden"|"not-found"|"hang"|"reset","once"?:true}
//   "down" = 500 with an HTML body, "reset" = the connection is destroyed, "hang" = never answers.
// - GET /__fake/hubspot/submissions → accepted submissions, newest last; DELETE clears them.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";

export const FAKE_HUBSPOT_PORTAL = "4242";
export const FAKE_HUBSPOT_TOKEN = "fake-hubspot-private-app-token";
export const FAKE_HUBSPOT_FORMS = {
  contact: "11111111-1111-4111-8111-111111111111",
  singlePane: "22222222-2222-4222-8222-222222222222",
  newsletter: "33333333-3333-4333-8333-333333333333",
  support: "44444444-4444-4444-8444-444444444444",
  press: "55555555-5555-4555-8555-555555555555",
  partners: "66666666-6666-4666-8666-666666666666",
  roi: "77777777-7777-4777-8777-777777777777",
  risk: "88888888-8888-4888-8888-888888888888",
} as const;
/** The webinar pages' form ids (content/webinars), also known forms here. */
export const FAKE_WEBINAR_FORMS = [
  "8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
  "3f2a9c1e-7b4d-4e2a-9c0f-5d8e1a2b3c4d",
];

/** Environment for the site's server so its lead functions forward here. */
export function hubspotServerEnv(origin: string): Record<string, string> {
  return {
    HUBSPOT_API_URL: origin,
    HUBSPOT_PORTAL_ID: FAKE_HUBSPOT_PORTAL,
    HUBSPOT_FORM_CONTACT: FAKE_HUBSPOT_FORMS.contact,
    HUBSPOT_FORM_SINGLE_PANE: FAKE_HUBSPOT_FORMS.singlePane,
    HUBSPOT_FORM_NEWSLETTER: FAKE_HUBSPOT_FORMS.newsletter,
    HUBSPOT_FORM_SUPPORT: FAKE_HUBSPOT_FORMS.support,
    HUBSPOT_FORM_PRESS: FAKE_HUBSPOT_FORMS.press,
    HUBSPOT_FORM_PARTNERS: FAKE_HUBSPOT_FORMS.partners,
    HUBSPOT_FORM_ROI: FAKE_HUBSPOT_FORMS.roi,
    HUBSPOT_FORM_RISK: FAKE_HUBSPOT_FORMS.risk,
  };
}

export type HubspotMode =
  "ok" | "down" | "rate-limited" | "forbidden" | "not-found" | "hang" | "reset";

export type FakeSubmission = {
  portalId: string;
  formGuid: string;
  secure: boolean;
  fields: { name: string; value: string }[];
  context?: Record<string, unknown>;
  submittedAt?: string;
  /** Convenience: fields as an object. */
  values: Record<string, string>;
};

type Options = { token?: string; rateLimit?: { max: number; windowMs: number } };

/** Property names the fake's forms define (the public endpoint refuses others). */
const KNOWN_PROPERTIES = new Set([
  "email",
  "name",
  "website",
  "description",
  "apiCallsQuestion",
  "jobtitle",
  "utm_info",
  "landingPage",
  "previousPage",
  "visitorId",
  "ipRegion",
  "message",
  "company",
  "firstname",
  "lastname",
  "hubspotFormId",
  "formName",
  "requestDemo",
  "primary_risk_concern",
  "estimated_website_traffic",
  "roi_approximate_fraud_loss",
  "roi_average_transaction_value",
  "roi_chargeback_rate",
  "roi_expected_transactions_per_month",
]);
const knownProperty = (name: string) =>
  KNOWN_PROPERTIES.has(name) || /^roi_estimated_(cost_of|saving_with)_[a-z0-9_]+$/.test(name);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type HubspotRoute = {
  /** Handles the request if it is the fake's; returns false otherwise. */
  route(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  submissions: FakeSubmission[];
  setMode(mode: HubspotMode, once?: boolean): void;
  destroyHanging(): void;
};

export function createHubspotRoute(options: Options = {}): HubspotRoute {
  const token = options.token ?? FAKE_HUBSPOT_TOKEN;
  const limit = options.rateLimit ?? { max: 50, windowMs: 10_000 };
  const knownForms = new Set<string>([...Object.values(FAKE_HUBSPOT_FORMS), ...FAKE_WEBINAR_FORMS]);
  const submissions: FakeSubmission[] = [];
  const recent: number[] = [];
  const hanging = new Set<http.ServerResponse>();
  let mode: HubspotMode = "ok";
  let once = false;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json;charset=utf-8" });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: http.IncomingMessage, then: (text: string) => void) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => then(raw));
  };
  const envelope = (errors: { message: string; errorType: string }[]) => ({
    status: "error",
    message: "The request is not valid",
    correlationId: randomUUID(),
    errors,
  });

  function submit(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    portalId: string,
    formGuid: string,
    secure: boolean,
  ) {
    const current = mode;
    if (once) {
      mode = "ok";
      once = false;
    }
    if (current === "hang") {
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return;
    }
    if (current === "reset") {
      req.socket.destroy();
      return;
    }
    if (current === "down") {
      res.writeHead(500, { "content-type": "text/html" });
      res.end("<html><body>Service Unavailable</body></html>");
      return;
    }
    if (current === "rate-limited")
      return send(res, 429, {
        status: "error",
        message: "You have reached your secondly limit.",
        errorType: "RATE_LIMIT",
      });
    if (current === "forbidden") return send(res, 403, { status: "error", message: "Forbidden" });
    if (current === "not-found")
      return send(res, 404, { status: "error", message: "Form not found" });

    const now = Date.now();
    while (recent.length > 0 && (recent[0] ?? 0) <= now - limit.windowMs) recent.shift();
    if (recent.length >= limit.max)
      return send(res, 429, {
        status: "error",
        message: "Rate limit exceeded",
        errorType: "ERROR 429",
      });
    recent.push(now);

    if (secure && req.headers.authorization !== `Bearer ${token}`) {
      return send(res, 401, { status: "error", message: "Authentication credentials not found." });
    }
    if (!/^application\/json/i.test(req.headers["content-type"] ?? "")) {
      return send(res, 415, {
        status: "error",
        message: "Unsupported media type",
        correlationId: randomUUID(),
      });
    }
    readBody(req, (raw) => {
      let body: { fields?: unknown; context?: Record<string, unknown>; submittedAt?: string };
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        return send(res, 400, {
          status: "error",
          message: "Invalid input JSON",
          correlationId: randomUUID(),
        });
      }
      if (portalId !== FAKE_HUBSPOT_PORTAL || !knownForms.has(formGuid)) {
        return send(res, 404, {
          status: "error",
          message: "Form not found",
          correlationId: randomUUID(),
        });
      }
      const fields = Array.isArray(body.fields)
        ? (body.fields as { name?: unknown; value?: unknown }[])
        : [];
      const errors: { message: string; errorType: string }[] = [];
      if (fields.length === 0)
        errors.push({ message: "Error in 'fields'. No fields", errorType: "REQUIRED_FIELD" });
      if (fields.length > 1000)
        errors.push({
          message: "Too many fields",
          errorType: "MAX_NUMBER_OF_SUBMITTED_VALUES_EXCEEDED",
        });
      const values: Record<string, string> = {};
      for (const field of fields) {
        if (typeof field.name !== "string" || typeof field.value !== "string") {
          errors.push({
            message: "Error in 'fields'. Each field needs a string name and value",
            errorType: "INVALID_METADATA",
          });
          continue;
        }
        values[field.name] = field.value;
        if (!secure && !knownProperty(field.name)) {
          errors.push({
            message: `Error in 'fields.${field.name}'. Field is not in the form definition`,
            errorType: "FIELD_NOT_IN_FORM_DEFINITION",
          });
        }
      }
      const address = values.email;
      if (address === undefined) {
        errors.push({
          message: "Error in 'fields.email'. Required field 'email' is missing",
          errorType: "REQUIRED_FIELD",
        });
      } else if (!EMAIL.test(address) || address.toLowerCase().startsWith("invalid@")) {
        errors.push({
          message: "Error in 'fields.email'. Invalid email address",
          errorType: "INVALID_EMAIL",
        });
      } else if (address.toLowerCase().endsWith("@blocked.example")) {
        errors.push({
          message: "Error in 'fields.email'. Email address is blocked",
          errorType: "BLOCKED_EMAIL",
        });
      }
      if (errors.length > 0) return send(res, 400, envelope(errors));
      submissions.push({
        portalId,
        formGuid,
        secure,
        fields: fields as { name: string; value: string }[],
        ...(body.context ? { context: body.context } : {}),
        ...(body.submittedAt ? { submittedAt: body.submittedAt } : {}),
        values,
      });
      send(res, 200, { inlineMessage: "<p>Thanks for submitting the form.</p>" });
    });
  }

  return {
    submissions,
    setMode(next, nextOnce = false) {
      mode = next;
      once = nextOnce;
    },
    destroyHanging() {
      for (const res of hanging) res.destroy();
    },
    route(req, res) {
      const url = new URL(req.url ?? "/", "http://fake");
      if (url.pathname === "/__fake/hubspot/mode" && req.method === "POST") {
        readBody(req, (raw) => {
          const parsed = JSON.parse(raw) as { mode: HubspotMode; once?: boolean };
          mode = parsed.mode;
          once = parsed.once === true;
          send(res, 200, { ok: true });
        });
        return true;
      }
      if (url.pathname === "/__fake/hubspot/submissions") {
        if (req.method === "DELETE") {
          submissions.length = 0;
          recent.length = 0;
          mode = "ok";
          send(res, 200, { ok: true });
        } else {
          send(res, 200, submissions);
        }
        return true;
      }
      const match = /^\/submissions\/v3\/integration\/(secure\/)?submit\/([^/]+)\/([^/]+)\/?$/.exec(
        url.pathname,
      );
      if (!match) return false;
      if (req.method !== "POST") {
        send(res, 404, { status: "error", message: "Not found" });
        return true;
      }
      submit(req, res, match[2] ?? "", (match[3] ?? "").toLowerCase(), Boolean(match[1]));
      return true;
    },
  };
}

export type FakeHubspot = HubspotRoute & { origin: string; port: number; close(): Promise<void> };

/** A standalone fake on its own port, for unit tests. */
export async function startFakeHubspot(
  options: Options & { port?: number } = {},
): Promise<FakeHubspot> {
  const route = createHubspotRoute(options);
  const server = http.createServer((req, res) => {
    if (!route.route(req, res)) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: "error", message: "Not found" }));
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...route,
    origin: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        route.destroyHanging();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
