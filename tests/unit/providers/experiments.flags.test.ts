// @vitest-environment jsdom
import { beforeEach, describe, expect, inject, it, vi } from "vitest";
import { EXPERIMENTS } from "../../../src/config/experiments";
import {
  FLAGS_STORAGE_KEY,
  assignFlags,
  markVariants,
  parseFlags,
} from "../../../src/providers/experiments/flags";

describe("assignFlags", () => {
  it("assigns every known experiment", () => {
    const flags = assignFlags(null, () => 0.1);
    expect(Object.keys(flags).sort()).toEqual([...EXPERIMENTS].sort());
    expect(new Set(Object.values(flags))).toEqual(new Set(["control"]));
    expect(new Set(Object.values(assignFlags(null, () => 0.9)))).toEqual(new Set(["treatment"]));
  });

  it("keeps existing assignments", () => {
    expect(assignFlags({ home: "treatment" }, () => 0)).toMatchObject({
      home: "treatment",
      pricing: "control",
    });
  });

  it("splits roughly 50/50 with a real random source", () => {
    let treatment = 0;
    for (let i = 0; i < 4000; i += 1) if (assignFlags(null).home === "treatment") treatment += 1;
    expect(treatment / 4000).toBeGreaterThan(0.45);
    expect(treatment / 4000).toBeLessThan(0.55);
  });
});

describe("parseFlags", () => {
  it.each([null, "", "not json", "[]", "42", "null"])("rejects %s", (raw) => {
    expect(parseFlags(raw)).toBeNull();
  });
  it("drops unknown experiments and bad variants", () => {
    expect(
      parseFlags(
        JSON.stringify({
          home: "treatment",
          pricing: "blue",
          other: "control",
          __proto__: { x: 1 },
        }),
      ),
    ).toEqual({ home: "treatment" });
  });
});

describe.each([
  ["as code", () => markVariants()],
  ["as compiled into every page's head", () => new Function(inject("inlineScripts").abFlags)()],
] as const)("markVariants, the head script, %s", (_label, run) => {
  beforeEach(() => {
    window.localStorage.clear();
    for (const key of EXPERIMENTS) document.documentElement.removeAttribute(`data-ab-${key}`);
  });

  it("assigns, stores and marks <html> on a first visit", () => {
    run();
    const stored = parseFlags(window.localStorage.getItem(FLAGS_STORAGE_KEY));
    expect(Object.keys(stored ?? {}).sort()).toEqual([...EXPERIMENTS].sort());
    for (const key of EXPERIMENTS)
      expect(document.documentElement.getAttribute(`data-ab-${key}`)).toBe(stored?.[key]);
  });

  it("honours stored flags and leaves them unchanged", () => {
    const flags = assignFlags({ "contact-sales": "treatment" }, () => 0);
    window.localStorage.setItem(FLAGS_STORAGE_KEY, JSON.stringify(flags));
    run();
    expect(document.documentElement.getAttribute("data-ab-contact-sales")).toBe("treatment");
    expect(document.documentElement.getAttribute("data-ab-home")).toBe("control");
    expect(JSON.parse(window.localStorage.getItem(FLAGS_STORAGE_KEY) ?? "{}")).toEqual(flags);
  });

  it("leaves storage alone when every experiment already has a variant", () => {
    const flags = assignFlags(null, () => 0.9);
    window.localStorage.setItem(FLAGS_STORAGE_KEY, JSON.stringify(flags));
    const setItem = vi.spyOn(Storage.prototype, "setItem");
    run();
    expect(setItem).not.toHaveBeenCalled();
    expect(document.documentElement.getAttribute("data-ab-home")).toBe("treatment");
  });

  it("marks nothing, and throws nothing, when storage is blocked", () => {
    vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    expect(() => run()).not.toThrow();
    expect(document.documentElement.getAttribute("data-ab-home")).toBeNull();
  });

  it("repairs a corrupt value instead of failing", () => {
    window.localStorage.setItem(FLAGS_STORAGE_KEY, "{broken");
    run();
    expect(parseFlags(window.localStorage.getItem(FLAGS_STORAGE_KEY))).not.toBeNull();
  });
});
