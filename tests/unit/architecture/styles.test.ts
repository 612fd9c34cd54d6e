// Tests that styled components read theme values from the theme module, never from their props: a theme
// read through props makes a component's CSS a function, which styled-components resolves again on
// every render instead of once.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(__dirname, "../../../src");

function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** An arrow function that destructures `theme` from its argument: `({ theme }) =>`, `({ $x, theme }) =>`. */
const THEME_FROM_PROPS = /\(\{[^}]*\btheme\b[^}]*\}\)\s*=>/g;

describe("styled components", () => {
  it("take theme values from src/styles/theme, not from props", () => {
    const offenders = codeFiles(SRC).flatMap((file) => {
      const text = fs.readFileSync(file, "utf8");
      return [...text.matchAll(THEME_FROM_PROPS)].map((match) => {
        const line = text.slice(0, match.index).split("\n").length;
        return `${path.relative(SRC, file)}:${line}: ${match[0]}`;
      });
    });
    expect(offenders).toEqual([]);
  });

  it("would catch a theme read through props", () => {
    const sample =
      "const A = styled.div`\n  color: ${({ theme }) => theme.colors.ink};\n  gap: ${({ $gap, theme }) => theme.space[$gap]};\n`;";
    expect(sample.match(THEME_FROM_PROPS)).toHaveLength(2);
  });
});
