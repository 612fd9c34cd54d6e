// @vitest-environment node
// Tests the HubSpot client's mapping: our field names to HubSpot properties and back, how each answer is
// classified, and that a redirect is never followed.
import { describe, expect, it } from "vitest";
import { readLeadsEnv } from "../../../../src/server/env";
import {
  classifyAnswer,
  fieldErrorsFrom,
  fieldOfError,
  submitToHubspot,
  toHubspotFields,
} from "../../../../src/server/leads/hubspot";
import { FAKE_HUBSPOT_FORMS, hubspotServerEnv } from "../../../support/fakes/hubspot";
import { startRedirectTrap } from "../support/redirectTrap";
import { visibleFieldsOf } from "../../../../src/server/leads/routing";
import { validBodies } from "../../leads/samples";

const envelope = (...errors: { message?: unknown; errorType?: unknown }[]) => ({
  status: "error",
  message: "The request is not valid",
  correlationId: "8d1f0c52-6b1e-4c0f-9a7e-2f4b5c6d7e81",
  errors,
});

describe("toHubspotFields", () => {
  it("renames HubSpot's default contact properties and keeps the rest", () => {
    const fields = toHubspotFields({
      url: "https://shop.example.com",
      jobTitle: "Analyst",
      firstName: "Ana",
      lastName: "Ruiz",
      email: "ana@example.org",
      company: "Shop",
      ipRegion: "EMEA",
    });
    expect(fields).toEqual([
      { name: "website", value: "https://shop.example.com" },
      { name: "jobtitle", value: "Analyst" },
      { name: "firstname", value: "Ana" },
      { name: "lastname", value: "Ruiz" },
      { name: "email", value: "ana@example.org" },
      { name: "company", value: "Shop" },
      { name: "ipRegion", value: "EMEA" },
    ]);
  });

  it("sends every value as a string, flattens utm_info and drops empty values", () => {
    expect(
      toHubspotFields({
        requestDemo: false,
        roi_chargeback_rate: 0.8,
        utm_info: { utm_source: "news letter", referral_url: "https://a.example/?b=1" },
        description: "",
        utm_empty: {},
      }),
    ).toEqual([
      { name: "requestDemo", value: "false" },
      { name: "roi_chargeback_rate", value: "0.8" },
      {
        name: "utm_info",
        value: "utm_source=news%20letter;referral_url=https%3A%2F%2Fa.example%2F%3Fb%3D1",
      },
    ]);
  });
});

describe("fieldOfError", () => {
  it.each([
    ["Error in 'fields.email'. Invalid email address", "email"],
    ["Error in 'fields.website'. Required field 'website' is missing", "url"],
    ["Error in 'fields.jobtitle'. Required field 'jobtitle' is missing", "jobTitle"],
    ["Error in 'fields.firstname'. Required field 'firstname' is missing", "firstName"],
    ["Error in 'fields.lastname'. Required field 'lastname' is missing", "lastName"],
    ["Error in 'fields.roi_chargeback_rate'. Not a number", "roi_chargeback_rate"],
  ])("%s → %s", (message, field) => {
    expect(fieldOfError(message)).toBe(field);
  });

  it.each([[undefined], [42], ["Error in 'context.pageUri'. Invalid page URI"], ["fields."]])(
    "names no field for %j",
    (message) => {
      expect(fieldOfError(message)).toBeNull();
    },
  );

  it("never returns a name that could carry markup", () => {
    expect(fieldOfError("Error in 'fields.<img src=x>'")).toBeNull();
    expect(fieldOfError("Error in 'fields.a<b'")).toBe("a");
  });
});

describe("fieldErrorsFrom", () => {
  it("maps each known field error type to a message at our field name, first one per field", () => {
    expect(
      fieldErrorsFrom(
        envelope(
          { message: "Error in 'fields.email'. Invalid email address", errorType: "INVALID_EMAIL" },
          { message: "Error in 'fields.email'. Email is blocked", errorType: "BLOCKED_EMAIL" },
          {
            message: "Error in 'fields.firstname'. Required field 'firstname' is missing",
            errorType: "REQUIRED_FIELD",
          },
          { message: "Error in 'fields.website'. Too long", errorType: "INPUT_TOO_LARGE" },
          {
            message: "Error in 'fields.jobtitle'. Not an option",
            errorType: "VALUE_NOT_IN_FIELD_DEFINITION",
          },
        ),
      ),
    ).toEqual({
      email: "This email address was not accepted. Please check it for typos.",
      firstName: "This field is required.",
      url: "This value is too long.",
      jobTitle: "Choose one of the options.",
    });
  });

  it("puts an email error without a field name at the email field", () => {
    expect(fieldErrorsFrom(envelope({ message: "Blocked", errorType: "BLOCKED_EMAIL" }))).toEqual({
      email: "Please use your work email address; this one cannot be used here.",
    });
  });

  it.each([
    ["no errors[]", { status: "error", message: "Invalid input JSON" }],
    ["an empty errors[]", envelope()],
    [
      "only errors that are not about a value",
      envelope(
        {
          message: "Error in 'fields.foo'. Not in form",
          errorType: "FIELD_NOT_IN_FORM_DEFINITION",
        },
        { message: "Error in 'context.hutk'", errorType: "INVALID_HUTK" },
        { message: "Bad metadata", errorType: "INVALID_METADATA" },
      ),
    ],
    ["a body that is not JSON", null],
    ["errors[] of junk", { errors: [null, 3, "x"] }],
  ])("is null for %s", (_label, body) => {
    expect(fieldErrorsFrom(body)).toBeNull();
  });
});

describe("classifyAnswer", () => {
  it.each([200, 201, 204])("%i → accepted", (status) => {
    expect(classifyAnswer(status, { inlineMessage: "<p>Thanks</p>" })).toEqual({
      kind: "accepted",
    });
  });

  it("400 with field errors → rejected, with the fields and a reason naming the types", () => {
    const result = classifyAnswer(
      400,
      envelope(
        { message: "Error in 'fields.jobtitle'. Required", errorType: "REQUIRED_FIELD" },
        {
          message: "Error in 'fields.foo'. Not in form",
          errorType: "FIELD_NOT_IN_FORM_DEFINITION",
        },
      ),
    );
    expect(result).toEqual({
      kind: "rejected",
      fields: { jobTitle: "This field is required." },
      reason: "HubSpot answered 400: REQUIRED_FIELD (jobTitle), FIELD_NOT_IN_FORM_DEFINITION (foo)",
    });
  });

  it.each([
    [
      "FIELD_NOT_IN_FORM_DEFINITION",
      400,
      envelope({
        message: "Error in 'fields.foo'. Not in form",
        errorType: "FIELD_NOT_IN_FORM_DEFINITION",
      }),
      /FIELD_NOT_IN_FORM_DEFINITION \(foo\)/,
    ],
    [
      "INVALID_METADATA",
      400,
      envelope({ message: "Bad", errorType: "INVALID_METADATA" }),
      /INVALID_METADATA/,
    ],
    [
      "a 400 without errors[]",
      400,
      { status: "error", message: "Invalid input JSON" },
      /400: Invalid input JSON/,
    ],
    ["a 400 that is not JSON", 400, null, /^HubSpot answered 400$/],
    ["401", 401, { status: "error", message: "Authentication credentials not found." }, /401/],
    ["403", 403, { status: "error", message: "Forbidden" }, /403: Forbidden/],
    ["404", 404, { status: "error", message: "Form not found" }, /404: Form not found/],
    ["415", 415, null, /415/],
  ])("%s → failed (HubSpot would refuse it again)", (_label, status, body, reason) => {
    const result = classifyAnswer(status, body);
    expect(result.kind).toBe("failed");
    expect(result.kind === "failed" && result.reason).toMatch(reason);
  });

  it.each([500, 502, 503, 504, 408])("%i → deferred (worth resending)", (status) => {
    const result = classifyAnswer(status, null);
    expect(result).toEqual({ kind: "deferred", reason: `HubSpot answered ${status}` });
  });

  it("429 → deferred and marked as rate-limited", () => {
    expect(classifyAnswer(429, { errorType: "ERROR 429", message: "Rate limit" })).toEqual({
      kind: "deferred",
      reason: "HubSpot answered 429: Rate limit",
      rateLimited: true,
    });
  });

  it("keeps upstream text printable and short (it reaches a terminal through npm run leads)", () => {
    const result = classifyAnswer(403, { message: `\u001b[31mred\u001b[0m${"x".repeat(500)}` });
    const reason = result.kind === "failed" ? result.reason : "";
    expect(reason).not.toContain("\u001b");
    expect(reason.length).toBeLessThan(200);
  });
});

describe("visibleFieldsOf", () => {
  it.each([
    [
      "/api/hubspot/",
      "ContactSales",
      ["email", "jobTitle", "url", "apiCallsQuestion", "description"],
    ],
    ["/api/hubspot/", "GetDemo", ["email", "jobTitle", "url", "apiCallsQuestion", "description"]],
    ["/api/hubspot/", "Signup", ["email"]],
    ["/api/hubspot/", "BotdGenerateToken", ["email"]],
    ["/api/hubspot-single-pane/", "ContactSales", ["email", "url", "description"]],
  ] as const)("%s from %s shows %j", (endpoint, name, fields) => {
    expect(visibleFieldsOf(endpoint, { ...validBodies[endpoint], name })).toEqual(fields);
  });

  it.each([
    ["/api/hubspot-newsletter/", ["email"]],
    ["/api/roi/", ["email"]],
    ["/risk/", ["email", "primary_risk_concern", "estimated_website_traffic", "message"]],
    ["/api-webinar/", ["firstName", "lastName", "email", "company", "jobTitle", "requestDemo"]],
  ] as const)("%s shows %j", (endpoint, fields) => {
    expect(visibleFieldsOf(endpoint, validBodies[endpoint])).toEqual(fields);
  });

  it("the support, press and partners forms show their own fields", () => {
    expect(visibleFieldsOf("/api/hubspot-support/", {})).toContain("description");
    expect(visibleFieldsOf("/api/hubspot-press/", {})).toContain("message");
    expect(visibleFieldsOf("/api/hubspot-partners/", {})).toEqual(
      expect.arrayContaining(["email", "name", "company", "message"]),
    );
  });
});

describe("submitToHubspot against a HubSpot that redirects", () => {
  it("never follows it: the lead and the token stay here, and the lead waits for a resend", async () => {
    const trap = await startRedirectTrap(() => ({
      status: 200,
      json: { inlineMessage: "Thanks" },
    }));
    try {
      const env = readLeadsEnv({
        ...hubspotServerEnv(trap.origin),
        HUBSPOT_TOKEN: "pat-na1-secret",
      });
      const result = await submitToHubspot(
        env.hubspot,
        FAKE_HUBSPOT_FORMS.contact,
        { email: "ana@example.org", firstName: "Ana" },
        new Date(),
        { pageUri: "https://www.site.test/contact-sales/" },
      );
      expect(result).toEqual({
        kind: "deferred",
        reason: "HubSpot answered with a redirect, which is not followed",
      });
      expect(trap.reached).toEqual([]);
    } finally {
      await trap.close();
    }
  });
});
