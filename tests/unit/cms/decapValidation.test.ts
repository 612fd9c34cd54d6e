// @vitest-environment node
// The mirror of Decap's save-time validation (support/decapValidation.ts) on small configs, one rule each,
// as decap-cms-core 3.19 and its widgets apply them.
import { describe, expect, it } from "vitest";
import { validateEntry, type DecapField } from "./support/decapValidation";

const messages = (fields: DecapField[], data: Record<string, unknown>, kind = "save") =>
  validateEntry(fields, data, { slugs: new Map([["authors", new Set(["maya"])]]) })
    .filter((problem) => problem.kind === kind)
    .map((problem) => `${problem.path}: ${problem.message}`);

const text = (name: string, extra: Partial<DecapField> = {}): DecapField => ({
  name,
  label: name.toUpperCase(),
  widget: "string",
  ...extra,
});

describe("Decap's save validation, mirrored", () => {
  it("requires every field unless it says required: false; empty strings and lists are missing, 0 and false are not", () => {
    const fields = [
      text("a"),
      text("b", { required: false }),
      text("c"),
      { name: "n", widget: "number" },
      { name: "f", widget: "boolean" },
      { name: "l", widget: "list" },
    ];
    expect(messages(fields, { c: "", n: 0, f: false, l: [] })).toEqual([
      "a: A is required.",
      "c: C is required.",
      "l: l is required.",
    ]);
  });

  it("tests a pattern only on a filled value, a list joined with commas, and quotes the hint", () => {
    const slug: [string, string] = ["^[a-z]+(,[a-z]+)*$", "lowercase"];
    const fields = [
      text("a", { pattern: slug, required: false }),
      text("b", { pattern: slug }),
      { name: "l", widget: "list", pattern: slug },
    ];
    expect(messages(fields, { b: "Upper", l: ["ok", "Bad"] })).toEqual([
      "b: B didn't match the pattern: lowercase.",
      "l: l didn't match the pattern: lowercase.",
    ]);
    expect(messages(fields, { a: "", b: "fine", l: ["ok", "too"] })).toEqual([]);
  });

  it("never checks an object itself, always its fields (an optional object's required ones too), never hidden ones", () => {
    const group: DecapField = {
      name: "quote",
      widget: "object",
      required: false,
      fields: [text("text"), { name: "kind", widget: "hidden" }, text("role", { required: false })],
    };
    expect(messages([group], {})).toEqual(["quote.text: TEXT is required."]);
    expect(messages([group], { quote: { text: "Said" } })).toEqual([]);
  });

  it("skips hidden fields at the top", () => {
    expect(messages([{ name: "type", widget: "hidden" }], {})).toEqual([]);
  });

  it("validates a list's items instead of the list once it has any, then its size", () => {
    const list: DecapField = {
      name: "items",
      widget: "list",
      min: 2,
      max: 3,
      pattern: ["^never$", "unused once there are items"],
      fields: [text("title"), text("url", { pattern: ["^/", "a path"] })],
    };
    expect(messages([list], { items: [{ title: "A", url: "x" }] })).toEqual([
      "items[0].url: URL didn't match the pattern: a path.",
      "items: items must have between 2 and 3 item(s).",
    ]);
    // Both, as Decap shows them: the empty list is missing, and its size is out of range.
    expect(messages([list], { items: [] })).toEqual([
      "items: items is required.",
      "items: items must have between 2 and 3 item(s).",
    ]);
    expect(messages([{ ...list, required: false }], {})).toEqual([]);
  });

  it("validates a typed list's items by their type; an unknown type is shown as an error and not validated", () => {
    const sections: DecapField = {
      name: "sections",
      widget: "list",
      types: [{ name: "Hero", widget: "object", fields: [text("title")] }],
    };
    expect(messages([sections], { sections: [{ type: "Hero" }, { type: "Gone" }] })).toEqual([
      "sections[0].title: TITLE is required.",
    ]);
    expect(messages([sections], { sections: [{ type: "Gone" }] }, "editor")).toEqual([
      "sections[0]: Error: item has illegal 'type' property: 'Gone'",
    ]);
  });

  it("checks a number's range unless it has a pattern", () => {
    const count: DecapField = { name: "count", widget: "number", min: 1, max: 5 };
    expect(messages([count], { count: 9 })).toEqual(["count: count must be between 1 and 5."]);
    expect(messages([{ ...count, pattern: [".*", "any"] }], { count: 9 })).toEqual([]);
  });

  it("tests an image's pattern on its file name", () => {
    const hero: DecapField = {
      name: "hero",
      widget: "image",
      pattern: ["^[a-z-]+\\.png$", "a png"],
    };
    expect(messages([hero], { hero: "/img/Uploads/hero-one.png" })).toEqual([]);
    expect(messages([hero], { hero: "/img/uploads/Hero.PNG" })).toEqual([
      "hero: hero didn't match the pattern: a png.",
    ]);
  });

  it("counts a multiple select's and relation's choices; a value the widget cannot show is an editor problem", () => {
    const pick: DecapField = {
      name: "pick",
      widget: "select",
      multiple: true,
      max: 1,
      options: ["a", "b"],
    };
    const who: DecapField = {
      name: "who",
      widget: "relation",
      collection: "authors",
      value_field: "{{slug}}",
      multiple: true,
    };
    const data = { pick: ["a", "c"], who: ["maya", "nobody"] };
    expect(messages([pick, who], data)).toEqual(["pick: pick must be 1 or less item(s)."]);
    expect(messages([pick, who], data, "editor")).toEqual([
      'pick: pick holds "c", which is not one of its options (a, b).',
      'who: who points at "nobody", which is not an entry of authors.',
    ]);
  });
});
