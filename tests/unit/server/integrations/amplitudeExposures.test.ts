// @vitest-environment node
// Tests POST /amp-exp/ against a fake Amplitude on loopback: forwarding, validation, upstream failures.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readAmplitudeEnv, type AmplitudeEnv } from "../../../../src/server/env";
import { findFunction } from "../../../../src/server/functions";
import {
  createAmpExpHandler,
  parseExposure,
} from "../../../../src/server/integrations/amplitudeExposures";
import {
  FAKE_AMPLITUDE_KEY,
  startFakeAmplitude,
  type FakeAmplitude,
} from "../../../support/fakes/amplitude";
import { startRedirectTrap } from "../support/redirectTrap";

let fake: FakeAmplitude;
let env: AmplitudeEnv;
beforeAll(async () => {
  fake = await startFakeAmplitude();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.events.length = 0;
  fake.hang(false);
  env = readAmplitudeEnv({
    AMPLITUDE_API_KEY: FAKE_AMPLITUDE_KEY,
    AMPLITUDE_API_URL: fake.origin,
    AMPLITUDE_TIMEOUT_MS: "2000",
  });
});

const post = (body: unknown, headers: Record<string, string> = {}, current: AmplitudeEnv = env) =>
  createAmpExpHandler({ env: () => current, log: () => {} })(
    new Request("http://site.test/amp-exp/", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );

const good = { device_id: "Xy7qK2mPz9RtLw4Vb1Nc", flag_key: "contact-sales", variant: "treatment" };

describe("POST /amp-exp/", () => {
  it("forwards an $exposure event with device and user id and answers 202", async () => {
    const response = await post(good);
    expect(response.status).toBe(202);
    expect(fake.events).toEqual([
      {
        event_type: "$exposure",
        device_id: good.device_id,
        user_id: good.device_id,
        event_properties: { flag_key: "contact-sales", variant: "treatment" },
      },
    ]);
    expect(findFunction("/amp-exp/")?.methods).toEqual(["POST"]);
  });

  it.each([
    [{ ...good, flag_key: "unknown-flag" }, "flag_key"],
    [{ ...good, variant: "blue" }, "variant"],
    [{ ...good, device_id: "abc" }, "device_id"],
    [{ ...good, device_id: "abc\r\nX-Injected: 1" }, "device_id"],
    [{ ...good, extra: 1 }, "_form"],
    [{ flag_key: "home" }, "device_id"],
  ])("refuses %j with 422 naming %s, sending nothing", async (body, field) => {
    const response = await post(body);
    expect(response.status).toBe(422);
    const answer = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(answer.error.fields).toHaveProperty(field);
    expect(fake.events).toHaveLength(0);
  });

  it("never echoes a key the caller wrote as a field name", async () => {
    const planted = { "<img src=x onerror=alert(1)>": 1, ["k".repeat(2000)]: 2, toString: 3 };
    const response = await post({ ...good, ...planted });
    expect(response.status).toBe(422);
    const text = await response.text();
    expect(Object.keys((JSON.parse(text) as { error: { fields: object } }).error.fields)).toEqual([
      "_form",
    ]);
    expect(text).not.toMatch(/onerror|kkkk|toString/);
    expect(text.length).toBeLessThan(300);
    expect(fake.events).toHaveLength(0);
  });

  it("never follows a redirect: the API key in the body stays here", async () => {
    const trap = await startRedirectTrap(() => ({ status: 200, json: { code: 200 } }));
    try {
      const response = await post(good, {}, { ...env, apiUrl: trap.origin });
      expect(response.status).toBe(502);
      const text = await response.text();
      expect(JSON.parse(text)).toMatchObject({ error: { code: "upstream_redirected" } });
      expect(text).not.toMatch(/127\.0\.0\.1/);
      expect(trap.reached).toEqual([]);
    } finally {
      await trap.close();
    }
  });

  it("refuses the wrong method, content type, malformed JSON and cross-site origins", async () => {
    const handler = createAmpExpHandler({ env: () => env, log: () => {} });
    expect((await handler(new Request("http://site.test/amp-exp/"))).status).toBe(405);
    expect((await post(good, { "content-type": "text/plain" })).status).toBe(415);
    expect((await post("{")).status).toBe(400);
    expect((await post(good, { origin: "https://evil.example" })).status).toBe(403);
  });

  it("answers 502 when Amplitude refuses, 504 when it hangs, and 404 when not configured", async () => {
    fake.force(400);
    expect((await post(good)).status).toBe(502);
    fake.hang(true);
    expect((await post(good)).status).toBe(504);
    fake.hang(false);
    fake.destroyHanging();
    const missing = await post(good, {}, { ...env, apiKey: null });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe(
      "not_configured",
    );
  });

  it("parseExposure accepts every known experiment", () => {
    for (const flag of ["home", "pricing", "demo", "contact-sales", "contact-sales-single-pane"]) {
      expect(parseExposure({ ...good, flag_key: flag }).ok).toBe(true);
    }
  });
});
