// @vitest-environment node
// Zod reads the shared settings object the browser entry sets, so it never probes eval under the CSP.
import { describe, expect, it, vi } from "vitest";
import { disableZodCodegen } from "../../../src/security/zodJitless";

describe("disableZodCodegen", () => {
  it("keeps other settings and turns zod's code generation off", () => {
    const target = { __zod_globalConfig: { customError: "kept" } } as unknown as typeof globalThis;
    disableZodCodegen(target);
    expect((target as { __zod_globalConfig?: unknown }).__zod_globalConfig).toEqual({
      customError: "kept",
      jitless: true,
    });
  });

  it("zod parses objects without ever calling the Function constructor", async () => {
    disableZodCodegen();
    const { z } = await import("zod");
    const spy = vi.spyOn(globalThis, "Function");
    const schema = z.object({ email: z.string(), consent: z.boolean() });
    for (let i = 0; i < 3; i++)
      expect(schema.parse({ email: "a@b.co", consent: true })).toBeTruthy();
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
