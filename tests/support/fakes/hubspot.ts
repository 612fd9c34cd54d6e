// A loopback fake of HubSpot's Forms API v3 submit endpoint (docs/contracts/hubspot.md), with switches.
//
// Triggers and control, for unit and browser tests:
// - portal FAKE_HUBSPOT_PORTAL; every GUID in FAKE_HUBSPOT_FORMS and FAKE_WEBINAR_FORMS is a known form,
//   each with its own field definitions (name, required, type): fakeFormDefinitions(). The public path
//   refuses a field its form does not define (FIELD_NOT_IN_FORM_DEFINITION); both paths refuse a
//   missing required field (REQUIRED_FIELD), a non-numeric number (INVALID_NUMBER) and bad emails.
// - an email whose local part is "invalid" (invalid@example.com) → 400 INVALID_EMAIL;
//   any address at a blocked domain (default blocked.example) → 400 BLOCKED_EMAIL (both pass the
//   site's own validation).
// - defineForm(guid, form) / PUT /__fake/hubspot/forms/{guid} {"fields":[{"name","required"?,"type"?}]}
//   replaces a form's definition (e.g. to make a field required); resetForms() restores the defaults.
// - POST /__fake/hubspot/mode {"mode": HubspotMode, "once"?: true}: "down" = 500 with an HTML body,
//   "reset" = the connection is destroyed, "hang" = never answers, "rate-limited" = 429,
//   "forbidden" = 403, "not-found" = 404, "unauthorized" = 401, "bad-request" = 400 without errors[],
//   "invalid-metadata" = 400 with an INVALID_METADATA error about the context, "unavailable" = 503.
//   "retryAfter" (or setMode's third argument) puts that Retry-After value, verbatim, on the 429 and
//   503 answers (the header HubSpot writes, so any string, absurd ones included).
//   With "for": an email address, the mode applies to every submission carrying that address (its
//   retries included) and to nothing else, until DELETE /__fake/hubspot/submissions: a test that
//   shares the fake with parallel tests arms an outage for its own lead only.
// - GET /marketing/v3/forms/{guid} (bearer token) → the form's definition as fieldGroups[].fields[].name.
// - latencyMs: every submission is answered that long after it arrived.
// - GET /__fake/hubspot/submissions → accepted submissions, newest last; DELETE clears them and
//   restores the mode, the rate-limit window and the form definitions.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { roiFields } from "../../../src/leads/roiFields";

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
  | "ok"
  | "down"
  | "rate-limited"
  | "forbidden"
  | "not-found"
  | "unauthorized"
  | "bad-request"
  | "invalid-metadata"
  | "hang"
  | "reset"
  | "unavailable";

export type FakeSubmission = {
  portalId: string;
  formGuid: string;
  secure: boolean;
  fields: { name: string; value: string }[];
  context?: Record<string, unknown>;
  submittedAt?: string;
  /** Convenience: fields as an object. */
  values: Record<string, string>;
  /** When it was accepted (ms since the epoch). */
  receivedAt: number;
};

/** A property on a fake form, as HubSpot's form editor defines it. */
export type FakeField = {
  name: string;
  required?: boolean;
  type?: "string" | "email" | "number" | "boolean";
};
export type FakeForm = { fields: FakeField[]; redirectUri?: string };

type Options = {
  token?: string;
  rateLimit?: { max: number; windowMs: number };
  /** Email domains whose addresses get BLOCKED_EMAIL. */
  blockedDomains?: string[];
  /** Replaces the default definitions of these form GUIDs. */
  forms?: Record<string, FakeForm>;
  /** How long each submission takes to be answered (a real HubSpot is not instant). */
  latencyMs?: number;
};

const optional = (...names: string[]): FakeField[] => names.map((name) => ({ name }));
const emailField: FakeField = { name: "email", required: true, type: "email" };
const tracking = optional("utm_info", "visitorId", "ipRegion");
const numbers = (...names: string[]): FakeField[] =>
  names.map((name) => ({ name, type: "number" }));

/** The portal's forms as the site's marketing team set them up: the properties each one takes. */
export function fakeFormDefinitions(): Record<string, FakeForm> {
  const contact: FakeForm = {
    fields: [
      emailField,
      ...optional("name", "website", "description", "apiCallsQuestion", "jobtitle"),
      ...optional("landingPage", "previousPage"),
      ...tracking,
    ],
  };
  const webinar: FakeForm = {
    fields: [
      emailField,
      ...optional("firstname", "lastname", "company", "jobtitle", "hubspotFormId", "formName"),
      { name: "requestDemo", type: "boolean" },
      ...tracking,
    ],
  };
  return {
    [FAKE_HUBSPOT_FORMS.contact]: contact,
    [FAKE_HUBSPOT_FORMS.singlePane]: contact,
    [FAKE_HUBSPOT_FORMS.newsletter]: { fields: [emailField, ...tracking] },
    [FAKE_HUBSPOT_FORMS.support]: { fields: [emailField, ...optional("description"), ...tracking] },
    [FAKE_HUBSPOT_FORMS.press]: { fields: [emailField, ...optional("message"), ...tracking] },
    [FAKE_HUBSPOT_FORMS.partners]: {
      fields: [emailField, ...optional("name", "company", "message")],
    },
    [FAKE_HUBSPOT_FORMS.roi]: {
      fields: [emailField, ...numbers(...Object.values(roiFields)), ...tracking],
    },
    [FAKE_HUBSPOT_FORMS.risk]: {
      fields: [
        emailField,
        ...optional("message", "primary_risk_concern", "estimated_website_traffic"),
        ...tracking,
      ],
    },
    ...Object.fromEntries(FAKE_WEBINAR_FORMS.map((guid) => [guid, webinar])),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/** The lowercased value of the submission's "email" field, or "" when the body has none. */
function emailIn(raw: string): string {
  try {
    const body = JSON.parse(raw) as { fields?: { name?: unknown; value?: unknown }[] };
    const field = Array.isArray(body.fields)
      ? body.fields.find((item) => item?.name === "email")
      : undefined;
    return typeof field?.value === "string" ? field.value.toLowerCase() : "";
  } catch {
    return "";
  }
}

export type HubspotRoute = {
  /** Handles the request if it is the fake's; returns false otherwise. */
  route(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  submissions: FakeSubmission[];
  setMode(mode: HubspotMode, once?: boolean, retryAfter?: string | null): void;
  /** Replaces one form's definition until resetForms() (or DELETE /__fake/hubspot/submissions). */
  defineForm(formGuid: string, form: FakeForm): void;
  resetForms(): void;
  destroyHanging(): void;
  /** How many requests are being held by the "hang" mode right now. */
  hangingCount(): number;
};

export function createHubspotRoute(options: Options = {}): HubspotRoute {
  const token = options.token ?? FAKE_HUBSPOT_TOKEN;
  const limit = options.rateLimit ?? { max: 50, windowMs: 10_000 };
  const blocked = (options.blockedDomains ?? ["blocked.example"]).map((item) => item.toLowerCase());
  const defaults = () => ({ ...fakeFormDefinitions(), ...options.forms });
  let forms: Record<string, FakeForm> = defaults();
  const submissions: FakeSubmission[] = [];
  const recent: number[] = [];
  const hanging = new Set<http.ServerResponse>();
  let mode: HubspotMode = "ok";
  let once = false;
  let retryAfter: string | null = null;
  /** Modes armed for one email address each (lowercased): see "for" above. */
  const targeted = new Map<string, HubspotMode>();

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
    /** The body, when it was read before (to look for a targeted address). */
    preread?: string,
  ) {
    const fault = preread === undefined ? undefined : targeted.get(emailIn(preread));
    const current = fault ?? mode;
    if (fault === undefined && once) {
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
    if ((current === "rate-limited" || current === "unavailable") && retryAfter !== null)
      res.setHeader("retry-after", retryAfter);
    if (current === "unavailable")
      return send(res, 503, { status: "error", message: "Service temporarily unavailable" });
    if (current === "rate-limited")
      return send(res, 429, {
        status: "error",
        message: "You have reached your secondly limit.",
        errorType: "RATE_LIMIT",
      });
    if (current === "forbidden") return send(res, 403, { status: "error", message: "Forbidden" });
    if (current === "not-found")
      return send(res, 404, { status: "error", message: "Form not found" });
    if (current === "unauthorized")
      return send(res, 401, { status: "error", message: "Authentication credentials not found." });
    if (current === "bad-request")
      return send(res, 400, {
        status: "error",
        message: "Invalid input JSON on line 1",
        correlationId: randomUUID(),
      });
    if (current === "invalid-metadata")
      return send(
        res,
        400,
        envelope([
          {
            message: "Error in 'context.pageUri'. Invalid page URI",
            errorType: "INVALID_METADATA",
          },
        ]),
      );

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
    const withBody = (then: (raw: string) => void) =>
      preread === undefined ? readBody(req, then) : then(preread);
    withBody((raw) => {
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
      const form = Object.hasOwn(forms, formGuid) ? forms[formGuid] : undefined;
      if (portalId !== FAKE_HUBSPOT_PORTAL || !form) {
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
      }
      for (const name of Object.keys(values)) {
        if (!secure && !form.fields.some((item) => item.name === name)) {
          errors.push({
            message: `Error in 'fields.${name}'. Field is not in the form definition`,
            errorType: "FIELD_NOT_IN_FORM_DEFINITION",
          });
        }
      }
      for (const definition of form.fields) {
        const value = values[definition.name];
        if (value === undefined || value === "") {
          if (definition.required)
            errors.push({
              message: `Error in 'fields.${definition.name}'. Required field '${definition.name}' is missing`,
              errorType: "REQUIRED_FIELD",
            });
          continue;
        }
        if (definition.type === "email") {
          const address = value.toLowerCase();
          if (!EMAIL.test(address) || address.startsWith("invalid@")) {
            errors.push({
              message: `Error in 'fields.${definition.name}'. Invalid email address`,
              errorType: "INVALID_EMAIL",
            });
          } else if (blocked.includes(address.slice(address.lastIndexOf("@") + 1))) {
            errors.push({
              message: `Error in 'fields.${definition.name}'. Email address is blocked`,
              errorType: "BLOCKED_EMAIL",
            });
          }
        } else if (definition.type === "number" && !NUMBER.test(value)) {
          errors.push({
            message: `Error in 'fields.${definition.name}'. ${value} is not a valid number`,
            errorType: "INVALID_NUMBER",
          });
        } else if (definition.type === "boolean" && value !== "true" && value !== "false") {
          errors.push({
            message: `Error in 'fields.${definition.name}'. ${value} is not a valid option`,
            errorType: "VALUE_NOT_IN_FIELD_DEFINITION",
          });
        }
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
        receivedAt: Date.now(),
      });
      send(
        res,
        200,
        form.redirectUri
          ? { redirectUri: form.redirectUri }
          : { inlineMessage: "<p>Thanks for submitting the form.</p>" },
      );
    });
  }

  return {
    submissions,
    setMode(next, nextOnce = false, nextRetryAfter = null) {
      mode = next;
      once = nextOnce;
      retryAfter = nextRetryAfter;
    },
    defineForm(formGuid, form) {
      forms[formGuid.toLowerCase()] = form;
    },
    resetForms() {
      forms = defaults();
    },
    destroyHanging() {
      for (const res of hanging) res.destroy();
    },
    hangingCount: () => hanging.size,
    route(req, res) {
      const url = new URL(req.url ?? "/", "http://fake");
      // Marketing Forms v3: a form's definition, for `npm run leads -- --check`.
      const definition = /^\/marketing\/v3\/forms\/([0-9a-f-]{36})$/i.exec(url.pathname);
      if (definition && req.method === "GET") {
        if (req.headers.authorization !== `Bearer ${token}`) {
          send(res, 401, { status: "error", message: "Authentication credentials not found." });
          return true;
        }
        const form = forms[(definition[1] ?? "").toLowerCase()];
        if (!form) send(res, 404, { status: "error", message: "Form not found" });
        else
          send(res, 200, {
            id: definition[1],
            fieldGroups: [{ fields: form.fields.map((field) => ({ name: field.name })) }],
          });
        return true;
      }
      const formRoute = /^\/__fake\/hubspot\/forms\/([0-9a-f-]{36})$/i.exec(url.pathname);
      if (formRoute && req.method === "PUT") {
        readBody(req, (raw) => {
          forms[(formRoute[1] ?? "").toLowerCase()] = JSON.parse(raw) as FakeForm;
          send(res, 200, { ok: true });
        });
        return true;
      }
      if (url.pathname === "/__fake/hubspot/mode" && req.method === "POST") {
        readBody(req, (raw) => {
          const parsed = JSON.parse(raw) as {
            mode: HubspotMode;
            once?: boolean;
            retryAfter?: string;
            for?: string;
          };
          if (typeof parsed.for === "string") {
            targeted.set(parsed.for.toLowerCase(), parsed.mode);
            send(res, 200, { ok: true });
            return;
          }
          mode = parsed.mode;
          once = parsed.once === true;
          retryAfter = parsed.retryAfter ?? null;
          send(res, 200, { ok: true });
        });
        return true;
      }
      if (url.pathname === "/__fake/hubspot/submissions") {
        if (req.method === "DELETE") {
          submissions.length = 0;
          recent.length = 0;
          mode = "ok";
          retryAfter = null;
          targeted.clear();
          forms = defaults();
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
      const portalId = match[2] ?? "";
      const formGuid = (match[3] ?? "").toLowerCase();
      const answer = () =>
        targeted.size === 0
          ? submit(req, res, portalId, formGuid, Boolean(match[1]))
          : readBody(req, (raw) => submit(req, res, portalId, formGuid, Boolean(match[1]), raw));
      if (options.latencyMs) setTimeout(answer, options.latencyMs);
      else answer();
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
