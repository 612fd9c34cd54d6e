// @vitest-environment node
// Tests the shared function table: path matching, method guard and error containment.
import { describe, expect, it, vi } from "vitest";
import {
  findFunction,
  functionNamed,
  functions,
  runFunction,
  type FunctionRoute,
} from "../../../src/server/functions";
import {
  functionAddresses,
  type FunctionAddress,
  functionPaths,
  normalizeFunctionPath,
} from "../../../src/server/functionPaths";
import { json } from "../../../src/server/http/responses";

const echo: FunctionRoute = {
  name: "echo",
  path: "/api/echo/",
  methods: ["POST"],
  handler: async (_request, platform) => json({ platform: platform ?? null }),
};

describe("function table", () => {
  it("has get-country at /api/get-country", () => {
    const route = functionNamed("get-country");
    expect(route.path).toBe("/api/get-country");
    expect(functions).toContain(route);
  });

  it("answers exactly the addresses of the plain path list, in its order", () => {
    const address = ({ name, path, byHeader }: FunctionAddress) => ({ name, path, byHeader });
    expect(functions.map(address)).toEqual(functionAddresses.map(address));
    for (const route of functions) expect(typeof route.handler, route.name).toBe("function");
  });

  it("matches with or without a trailing slash", () => {
    expect(findFunction("/api/get-country")?.name).toBe("get-country");
    expect(findFunction("/api/get-country/")?.name).toBe("get-country");
    expect(findFunction("/api/echo", [echo])).toBe(echo);
    expect(findFunction("/api/echo/", [echo])).toBe(echo);
    expect(findFunction("/api/get-countryx")).toBeUndefined();
    expect(findFunction("/")).toBeUndefined();
  });

  it("lists both spellings of a path", () => {
    expect(functionPaths(echo)).toEqual(["/api/echo", "/api/echo/"]);
    expect(normalizeFunctionPath("/")).toBe("/");
  });

  it("fails loudly for an unknown function name", () => {
    expect(() => functionNamed("nope")).toThrow(/No function named "nope"/);
  });
});

describe("runFunction", () => {
  it("passes the platform context through", async () => {
    const response = await runFunction(echo, new Request("http://x/api/echo", { method: "POST" }), {
      country: "DE",
    });
    expect(await response.json()).toEqual({ platform: { country: "DE" } });
  });

  it("refuses methods the route does not list", async () => {
    const response = await runFunction(echo, new Request("http://x/api/echo"), undefined);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("turns a throw into a generic 500 that hides the error", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken: FunctionRoute = {
      ...echo,
      handler: async () => {
        throw new Error("token=s3cr3t");
      },
    };
    const response = await runFunction(
      broken,
      new Request("http://x/", { method: "POST" }),
      undefined,
    );
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("s3cr3t");
    expect(error).toHaveBeenCalledOnce();
  });
});
