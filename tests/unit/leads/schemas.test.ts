// Tests the shared lead schemas: every valid body passes, and each class of bad value is refused with a message.
import { describe, expect, it } from "vitest";
import { ContactSales } from "../../../src/forms/definitions/ContactSales";
import { GetDemo } from "../../../src/forms/definitions/GetDemo";
import { HONEYPOT_FIELD } from "../../../src/leads/constants";
import { leadEndpoints } from "../../../src/leads/endpoints";
import { webUrl } from "../../../src/leads/fields";
import { allFormShapes, formIds, formShapes } from "../../../src/leads/forms";
import { apiCallsOptions } from "../../../src/leads/options";
import { endpointSchemas } from "../../../src/leads/payloads";
import { roiFields } from "../../../src/leads/roiFields";
import { validBodies } from "./samples";

describe("lead schemas", () => {
  it.each(leadEndpoints)("%s accepts the sample body", (endpoint) => {
    const result = endpointSchemas[endpoint].safeParse(validBodies[endpoint]);
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  });

  it.each(leadEndpoints)("%s refuses unknown fields", (endpoint) => {
    const result = endpointSchemas[endpoint].safeParse({ ...validBodies[endpoint], extra: "x" });
    expect(result.success).toBe(false);
  });

  it.each(leadEndpoints)("%s refuses a bad email and a missing email", (endpoint) => {
    const body = validBodies[endpoint];
    expect(endpointSchemas[endpoint].safeParse({ ...body, email: "not-an-email" }).success).toBe(
      false,
    );
    const { email: _omitted, ...rest } = body;
    expect(endpointSchemas[endpoint].safeParse(rest).success).toBe(false);
  });

  it.each(leadEndpoints)("%s accepts an empty honeypot field (the hidden input)", (endpoint) => {
    expect(
      endpointSchemas[endpoint].safeParse({ ...validBodies[endpoint], [HONEYPOT_FIELD]: "" })
        .success,
    ).toBe(true);
  });

  it("refuses over-long text", () => {
    const body = { ...validBodies["/api/hubspot-press/"], message: "x".repeat(3001) };
    const result = endpointSchemas["/api/hubspot-press/"].safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/under 3000/);
  });

  it.each([
    "javascript:alert(1)",
    "data:text/html,hi",
    "file:///etc/passwd",
    "ftp://x.example",
    "http://localhost",
  ])("refuses the URL %s", (value) => {
    expect(webUrl.safeParse(value).success).toBe(false);
  });

  it.each(["https://shop.example.com", "shop.example.com", "http://a.example/path?q=1", ""])(
    "accepts the URL %s",
    (value) => {
      expect(webUrl.safeParse(value).success).toBe(true);
    },
  );

  it("refuses wrong types, out-of-range numbers and unknown enum values", () => {
    const roi = validBodies["/api/roi/"];
    const schema = endpointSchemas["/api/roi/"];
    expect(schema.safeParse({ ...roi, [roiFields.chargebackRate]: 101 }).success).toBe(false);
    expect(schema.safeParse({ ...roi, [roiFields.fraudLoss]: "250000" }).success).toBe(false);
    expect(schema.safeParse({ ...roi, [roiFields.fraudLoss]: -1 }).success).toBe(false);
    const risk = validBodies["/risk/"];
    expect(
      endpointSchemas["/risk/"].safeParse({ ...risk, primary_risk_concern: "aliens" }).success,
    ).toBe(false);
    expect(
      endpointSchemas["/api/hubspot/"].safeParse({ ...validBodies["/api/hubspot/"], name: "Other" })
        .success,
    ).toBe(false);
    expect(
      endpointSchemas["/api/hubspot/"].safeParse({
        ...validBodies["/api/hubspot/"],
        ipRegion: "MARS",
      }).success,
    ).toBe(false);
    expect(
      endpointSchemas["/api-webinar/"].safeParse({
        ...validBodies["/api-webinar/"],
        requestDemo: "yes",
      }).success,
    ).toBe(false);
  });

  it("refuses UTM keys that are not utm_* or referral_url, and paths that leave the site", () => {
    const body = validBodies["/api/hubspot/"];
    expect(
      endpointSchemas["/api/hubspot/"].safeParse({ ...body, utm_info: { gclid: "x" } }).success,
    ).toBe(false);
    expect(
      endpointSchemas["/api/hubspot/"].safeParse({ ...body, landingPage: "//evil.example/" })
        .success,
    ).toBe(false);
  });

  it("names the ROI fields after the product", () => {
    expect(roiFields.estimatedCost).toMatch(/^roi_estimated_cost_of_[a-z0-9_]+$/);
    expect(roiFields.estimatedSaving).toMatch(/^roi_estimated_saving_with_[a-z0-9_]+$/);
  });

  it("gives every one of the twelve forms an endpoint with a schema", () => {
    expect(formIds).toHaveLength(12);
    for (const id of formIds) expect(endpointSchemas[formShapes[id].endpoint]).toBeDefined();
  });

  it.each(allFormShapes.map((shape) => [shape.id, shape.endpoint, shape] as const))(
    "%s (%s) shows only fields its endpoint's schema knows",
    (_id, endpoint, shape) => {
      const keys = Object.keys(endpointSchemas[endpoint].shape);
      for (const field of shape.fields) expect(keys).toContain(field);
    },
  );

  describe("apiCallsQuestion", () => {
    const body = validBodies["/api/hubspot/"];
    const parse = (value: unknown) =>
      endpointSchemas["/api/hubspot/"].safeParse({ ...body, apiCallsQuestion: value });

    it.each([...apiCallsOptions.map((option) => option.value), ""])("accepts %j", (value) => {
      expect(parse(value).success).toBe(true);
    });

    it("may be left out", () => {
      const { apiCallsQuestion: _omitted, ...rest } = body;
      expect(endpointSchemas["/api/hubspot/"].safeParse(rest).success).toBe(true);
    });

    it.each(["a billion", "UNSURE", " unsure", "<b>x</b>", 5])("refuses %j", (value) => {
      const result = parse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["apiCallsQuestion"]);
      expect(result.error?.issues[0]?.message).toBe("Choose one of the options.");
    });

    it("is the list the contact and demo forms offer", () => {
      for (const definition of [ContactSales, GetDemo]) {
        const field = definition.fields.find((item) => item.name === "apiCallsQuestion");
        expect(field?.options).toBe(apiCallsOptions);
      }
    });
  });
});
