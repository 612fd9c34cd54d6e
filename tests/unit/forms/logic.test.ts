// Tests the forms' pure logic: regions, payload enrichment, the state machine, ROI maths and the stored rules.
import { describe, expect, it } from "vitest";
import {
  BOTD_TOKEN_STORAGE_KEY,
  rememberSent,
  sentEmails,
  wasSent,
} from "../../../src/forms/botdTokens";
import { definitionFor, definitions } from "../../../src/forms/definitions/index";
import { buildPayload } from "../../../src/forms/enrich";
import {
  eventForAnswer,
  failureMessages,
  formReducer,
  initialFormState,
} from "../../../src/forms/formState";
import { emptyLeadContext } from "../../../src/providers/lead-context/leadContext";
import { regionFor, regionLabel } from "../../../src/forms/regions";
import { estimateRoi, formatDollars, monthlyPrice } from "../../../src/forms/roi";
import { HONEYPOT_FIELD } from "../../../src/leads/constants";
import { formIds, formShapes, formVariants, variantShapes } from "../../../src/leads/forms";
import { endpointSchemas } from "../../../src/leads/payloads";
import {
  POPUP_INTERVAL_MS,
  POPUP_SHOWN_KEY,
  markPopupShown,
  markSubscribed,
  shouldOfferPopup,
} from "../../../src/forms/subscription";

function memoryStore(): Storage {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
    clear: () => data.clear(),
    key: () => null,
    get length() {
      return data.size;
    },
  };
}

describe("regions", () => {
  it.each([
    ["DE", "EMEA"],
    ["gb", "EMEA"],
    ["ZA", "EMEA"],
    ["JP", "APAC"],
    ["AU", "APAC"],
    ["BR", "LATAM"],
    ["MX", "LATAM"],
    ["US", "AMER"],
    ["CA", "AMER"],
    ["AQ", "AMER"],
    [null, "AMER"],
    [undefined, "AMER"],
    ["", "AMER"],
    // Unlisted: not an assigned code, or not a code at all.
    ["ZZ", "AMER"],
    ["EU", "AMER"],
    ["not a country", "AMER"],
  ])("%s → %s", (country, region) => {
    expect(regionFor(country)).toBe(region);
  });
  it("labels the Americas as one team", () => {
    expect(regionLabel("AMER")).toBe("Americas");
    expect(regionLabel("LATAM")).toBe("Americas");
    expect(regionLabel("EMEA")).not.toBe("Americas");
    expect(regionLabel("APAC")).toBe("Asia-Pacific");
  });
});

describe("buildPayload", () => {
  const context = {
    utmInfo: { utm_source: "ads", referral_url: "https://ref.example/" },
    landingPage: "/pricing/",
    previousPage: "/",
    visitorId: "abc123",
    country: "FR",
  };

  it("builds the contact payload with every field the endpoint takes, the region and the form name", () => {
    const payload = buildPayload(definitions.Signup, { email: " a@example.org " }, context, {
      name: "Signup",
    });
    expect(payload).toEqual({
      email: "a@example.org",
      name: "Signup",
      url: "",
      description: "",
      apiCallsQuestion: "",
      jobTitle: "",
      utm_info: { utm_source: "ads", referral_url: "https://ref.example/" },
      visitorId: "abc123",
      ipRegion: "EMEA",
      landingPage: "/pricing/",
      previousPage: "/",
    });
    expect(endpointSchemas["/api/hubspot/"].safeParse(payload).success).toBe(true);
  });

  it("adds only the tracking context to newsletter, and nothing to partners", () => {
    expect(buildPayload(definitions.NewsletterFooter, { email: "a@example.org" }, context)).toEqual(
      {
        email: "a@example.org",
        utm_info: context.utmInfo,
        visitorId: "abc123",
        ipRegion: "EMEA",
      },
    );
    const partners = buildPayload(
      definitions.ContactPartners,
      { email: "a@example.org", name: "A", company: "B", message: "C" },
      context,
    );
    expect(Object.keys(partners).sort()).toEqual(["company", "email", "message", "name"]);
  });

  it("sends AMER when the country is unknown, and booleans for checkboxes", () => {
    const payload = buildPayload(
      definitions.WebinarForm,
      { email: "a@example.org", requestDemo: true },
      emptyLeadContext,
    );
    expect(emptyLeadContext.country).toBeNull();
    expect(payload.ipRegion).toBe("AMER");
    expect(payload.requestDemo).toBe(true);
    expect(buildPayload(definitions.WebinarForm, {}, emptyLeadContext).requestDemo).toBe(false);
  });

  it("passes a filled honeypot on (so the server can drop the lead) and leaves an empty one out", () => {
    expect(
      buildPayload(
        definitions.NewsletterFooter,
        { email: "a@example.org", [HONEYPOT_FIELD]: "x" },
        emptyLeadContext,
      )[HONEYPOT_FIELD],
    ).toBe("x");
    expect(
      buildPayload(definitions.NewsletterFooter, { email: "a@example.org" }, emptyLeadContext),
    ).not.toHaveProperty(HONEYPOT_FIELD);
  });
});

describe("definitions", () => {
  // The server reads the same shapes (src/leads/forms.ts) to know which fields a visitor saw.
  it.each(formIds)(
    "%s posts to its shape's endpoint and shows its shape's fields, in order",
    (id) => {
      const definition = definitions[id];
      expect(definition.id).toBe(id);
      expect(definition.endpoint).toBe(formShapes[id].endpoint);
      expect(definition.fields.map((field) => field.name)).toEqual(formShapes[id].fields);
    },
  );

  it.each(formVariants)("the %s variant shows its own shape's fields", (variant) => {
    const shape = variantShapes[variant];
    const definition = definitionFor(shape.form, variant);
    expect(definition.id).toBe(shape.form);
    expect(definition.endpoint).toBe(shape.endpoint);
    expect(definition.fields.map((field) => field.name)).toEqual(shape.fields);
  });

  it("has the two ContactSales page variants on their own endpoints", () => {
    expect(definitionFor("ContactSales", "single-pane").endpoint).toBe("/api/hubspot-single-pane/");
    expect(definitionFor("ContactSales", "risk-assessment").endpoint).toBe("/risk/");
    expect(definitionFor("ContactSales").endpoint).toBe("/api/hubspot/");
  });
});

describe("formReducer", () => {
  it("goes Default → Loading → Success", () => {
    const loading = formReducer(initialFormState, { type: "submit" });
    expect(loading.status).toBe("loading");
    expect(formReducer(loading, { type: "succeeded", leadId: "1" })).toEqual({
      status: "success",
      fieldErrors: {},
      answered: 1,
      leadId: "1",
    });
  });
  it("counts answered attempts, and an edit is not one (the Form moves focus only on an answer)", () => {
    const refused = formReducer(formReducer(initialFormState, { type: "submit" }), {
      type: "invalid",
      fieldErrors: { email: "bad", name: "bad" },
    });
    expect(refused.answered).toBe(1);
    const edited = formReducer(refused, { type: "edit", field: "email" });
    expect(edited.answered).toBe(1);
    const retried = formReducer(edited, { type: "submit" });
    expect(retried.answered).toBe(1);
    expect(
      formReducer(retried, { type: "failed", message: "x", fieldErrors: { name: "bad" } }).answered,
    ).toBe(2);
  });
  it("ignores a second submit while loading (no double submission)", () => {
    const loading = formReducer(initialFormState, { type: "submit" });
    expect(formReducer(loading, { type: "submit" })).toBe(loading);
  });
  it("goes Loading → Failed with a message, and back to Loading on retry", () => {
    const failed = formReducer(formReducer(initialFormState, { type: "submit" }), {
      type: "failed",
      message: "x",
    });
    expect(failed).toMatchObject({ status: "failed", message: "x" });
    expect(formReducer(failed, { type: "submit" }).status).toBe("loading");
  });
  it("clears a field's message when it is edited", () => {
    const invalid = formReducer(initialFormState, {
      type: "invalid",
      fieldErrors: { email: "bad", name: "bad" },
    });
    expect(formReducer(invalid, { type: "edit", field: "email" }).fieldErrors).toEqual({
      name: "bad",
    });
    expect(formReducer(invalid, { type: "edit", field: "other" })).toBe(invalid);
  });
  it("ignores late answers once not loading", () => {
    expect(formReducer(initialFormState, { type: "succeeded" })).toBe(initialFormState);
  });
});

describe("eventForAnswer", () => {
  it("maps 2xx to success with the lead id", () => {
    expect(eventForAnswer({ status: 200, body: { ok: true, id: "7" } }, ["email"])).toEqual({
      type: "succeeded",
      leadId: "7",
    });
  });
  it("maps a 422 about visible fields to field messages", () => {
    expect(
      eventForAnswer(
        {
          status: 422,
          body: { error: { code: "invalid_fields", message: "m", fields: { email: "bad" } } },
        },
        ["email"],
      ),
    ).toEqual({
      type: "failed",
      message: failureMessages.fields,
      fieldErrors: { email: "bad" },
    });
  });
  it("shows the server's message for other 4xx, and a generic one for 5xx or junk", () => {
    expect(
      eventForAnswer(
        { status: 403, body: { error: { message: "Forms can only be sent from this website." } } },
        [],
      ),
    ).toMatchObject({
      message: "Forms can only be sent from this website.",
    });
    expect(eventForAnswer({ status: 503, body: null }, [])).toMatchObject({
      message: failureMessages.server,
    });
  });
  it("never says 'check the highlighted fields' when the refused field is not on screen", () => {
    // A context field (visitor id) the visitor cannot see or change: a plain failure, data kept.
    const context = eventForAnswer(
      {
        status: 422,
        body: {
          error: {
            code: "invalid_fields",
            message: failureMessages.fields,
            fields: { visitorId: "Unexpected visitor id." },
          },
        },
      },
      ["email"],
    );
    expect(context).toEqual({
      type: "failed",
      message: failureMessages.notVisible,
      fieldErrors: {},
    });
    // The webinar allowlist refusing the page's HubSpot form: said in words a visitor understands.
    const webinar = eventForAnswer(
      {
        status: 422,
        body: {
          error: {
            code: "invalid_fields",
            message: failureMessages.fields,
            fields: { hubspotFormId: "This webinar is not open for registration." },
          },
        },
      },
      ["email", "firstName"],
    );
    expect(webinar.type).toBe("failed");
    expect(webinar).toMatchObject({ message: expect.stringMatching(/webinar isn't open/) });
    expect(webinar).not.toMatchObject({ message: failureMessages.fields });
    // Visible and hidden together: the visible one is marked, the message still explains the rest.
    expect(
      eventForAnswer(
        {
          status: 422,
          body: {
            error: { message: failureMessages.fields, fields: { email: "bad", ipRegion: "x" } },
          },
        },
        ["email"],
      ),
    ).toEqual({
      type: "failed",
      message: failureMessages.notVisible,
      fieldErrors: { email: "bad" },
    });
    // A 422 naming no field at all.
    expect(
      eventForAnswer({ status: 422, body: { error: { message: failureMessages.fields } } }, [
        "email",
      ]),
    ).toMatchObject({ message: failureMessages.notVisible });
  });
});

describe("ROI", () => {
  it("prices calls with the pricing page's tiers", () => {
    expect(monthlyPrice(0)).toBe(0);
    expect(monthlyPrice(50_000)).toBe(100);
    expect(monthlyPrice(200_000)).toBeCloseTo(340);
    expect(monthlyPrice(2_000_000)).toBeCloseTo(200 + 1260 + 900);
  });
  it("estimates yearly fraud cost, the product's cost and the saving", () => {
    expect(
      estimateRoi({
        fraudLoss: 900_000,
        averageTransactionValue: 80,
        chargebackRate: 0.8,
        transactionsPerMonth: 50_000,
      }),
    ).toEqual({
      chargebackCost: 504_000,
      totalFraudCost: 1_404_000,
      estimatedCost: 1_200,
      estimatedSaving: 700_800,
    });
  });
  it("treats nonsense input as zero and caps the rate at 100%", () => {
    expect(
      estimateRoi({
        fraudLoss: Number.NaN,
        averageTransactionValue: -5,
        chargebackRate: 500,
        transactionsPerMonth: 0,
      }),
    ).toEqual({
      chargebackCost: 0,
      totalFraudCost: 0,
      estimatedCost: 0,
      estimatedSaving: 0,
    });
  });
  it("formats dollars the same everywhere", () => {
    expect(formatDollars(1_404_000)).toBe("$1,404,000");
    expect(formatDollars(-1200)).toBe("-$1,200");
  });
  // Written by hand so no Intl.NumberFormat is built on a keystroke: the text must stay Intl's.
  it("writes what Intl's en-US whole-dollar format writes", () => {
    const intl = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      maximumFractionDigits: 0,
    });
    const values = [0, -0, 0.4, 0.5, -0.4, -0.5, 1.5, 2.5, 999.5, 999_999.5, -1234.5, 25];
    for (let exponent = 0; exponent <= 15; exponent++)
      for (const mantissa of [1, 1.234, 4.9999, 7.5, 9.99951])
        values.push(mantissa * 10 ** exponent, -mantissa * 10 ** exponent);
    values.push(Number.MAX_SAFE_INTEGER, 1e21, NaN, Infinity, -Infinity);
    for (const value of values)
      expect(formatDollars(value), String(value)).toBe(intl.format(value));
  });
});

describe("newsletter popup rules", () => {
  it("waits for reading intent, then offers once per 14 days, never to subscribers", () => {
    const store = memoryStore();
    const now = 1_800_000_000_000;
    expect(shouldOfferPopup(store, now, 0.3)).toBe(false);
    expect(shouldOfferPopup(store, now, 0.7)).toBe(true);
    markPopupShown(store, now);
    expect(store.getItem(POPUP_SHOWN_KEY)).toBe(String(now));
    expect(shouldOfferPopup(store, now + POPUP_INTERVAL_MS - 1, 0.9)).toBe(false);
    expect(shouldOfferPopup(store, now + POPUP_INTERVAL_MS, 0.9)).toBe(true);
    markSubscribed(store);
    expect(shouldOfferPopup(store, now + 10 * POPUP_INTERVAL_MS, 0.9)).toBe(false);
  });
});

describe("BotD token emails", () => {
  it("remembers sent addresses case-insensitively, newest first, and survives junk in storage", () => {
    const store = memoryStore();
    expect(wasSent(store, "a@example.org")).toBe(false);
    rememberSent(store, "A@Example.org ");
    rememberSent(store, "b@example.org");
    expect(wasSent(store, "a@example.org")).toBe(true);
    expect(sentEmails(store)).toEqual(["b@example.org", "a@example.org"]);
    store.setItem(BOTD_TOKEN_STORAGE_KEY, "{not json");
    expect(sentEmails(store)).toEqual([]);
  });
});
