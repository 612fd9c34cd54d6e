import { describe, expect, it } from "vitest";
import { tokenize } from "../../../src/data/highlight";

describe("tokenize", () => {
  const code = `import { load } from "agent";\n// comment here\nconst n = 42; const s = 'it\\'s';`;

  it("round-trips the input exactly", () => {
    expect(
      tokenize(code, "javascript")
        .map((t) => t.text)
        .join(""),
    ).toBe(code);
  });

  it("classifies keywords, strings, comments and numbers", () => {
    const tokens = tokenize(code, "javascript");
    const kinds = (kind: string) => tokens.filter((t) => t.kind === kind).map((t) => t.text);
    expect(kinds("keyword")).toEqual(["import", "from", "const", "const"]);
    expect(kinds("string")).toEqual(['"agent"', "'it\\'s'"]);
    expect(kinds("comment")).toEqual(["// comment here"]);
    expect(kinds("number")).toEqual(["42"]);
  });

  it("uses # comments for bash and does not treat words as keywords across languages", () => {
    const tokens = tokenize("npm install x # adds x\nconst", "bash");
    expect(tokens.find((t) => t.kind === "comment")?.text).toBe("# adds x");
    expect(tokens.filter((t) => t.kind === "keyword").map((t) => t.text)).toEqual(["npm"]);
  });

  it("survives an unterminated string", () => {
    const input = 'const a = "open';
    expect(
      tokenize(input, "javascript")
        .map((t) => t.text)
        .join(""),
    ).toBe(input);
  });
});
