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
    [{ ...good, extra: 1 }, "extra"],
    [{ flag_key: "home" }, "device_id"],
  ])("refuses %j with 422 naming %s, sending nothing", async (body, field) => {
    const response = await post(body);
    expect(response.status).toBe(422);
    const answer = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(answer.error.fields).toHaveProperty(field);
    expect(fake.events).toHaveLength(0);
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
