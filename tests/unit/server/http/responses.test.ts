// @vitest-environment node
// Tests the JSON and error response helpers every function uses.
import { describe, expect, it } from "vitest";
import {
  errorResponse,
  internalError,
  json,
  methodNotAllowed,
  withoutBodyForHead,
} from "../../../../src/server/http/responses";

describe("json", () => {
  it("serialises the body with a JSON content type", async () => {
    const response = json({ ok: true });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toEqual({ ok: true });
  });

  it("keeps the caller's status and headers", () => {
    const response = json(null, {
      status: 201,
      headers: { "x-extra": "1", "content-type": "application/vnd.x+json" },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("x-extra")).toBe("1");
    expect(response.headers.get("content-type")).toBe("application/vnd.x+json");
  });
});

describe("errorResponse", () => {
  it("produces the shared error shape, uncached", async () => {
    const response = errorResponse(400, "invalid", "Check the form.");
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      error: { code: "invalid", message: "Check the form." },
    });
  });

  it("includes field errors when given", async () => {
    const response = errorResponse(422, "invalid", "Check the form.", {
      email: "Enter an email address.",
    });
    expect(await response.json()).toEqual({
      error: {
        code: "invalid",
        message: "Check the form.",
        fields: { email: "Enter an email address." },
      },
    });
  });

  it("says nothing specific in the generic 500", async () => {
    const response = internalError();
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBe("internal");
  });

  it("lists the allowed methods on 405", () => {
    const response = methodNotAllowed(["GET", "HEAD"]);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("withoutBodyForHead", () => {
  it("drops the body for HEAD and keeps headers", () => {
    const response = withoutBodyForHead(
      new Request("http://x/", { method: "HEAD" }),
      json({ a: 1 }),
    );
    expect(response.body).toBeNull();
    expect(response.headers.get("content-type")).toContain("application/json");
  });

  it("leaves GET alone", async () => {
    const response = withoutBodyForHead(new Request("http://x/"), json({ a: 1 }));
    expect(await response.json()).toEqual({ a: 1 });
  });
});
