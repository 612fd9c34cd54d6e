import { describe, expect, it } from "vitest";
import { media } from "../../../src/styles/media";
import { theme } from "../../../src/styles/theme";

/** WCAG relative luminance contrast between two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

describe("media helper", () => {
  it("derives queries from the theme breakpoints", () => {
    expect(media.up("md")).toBe(`@media (min-width: ${theme.breakpoints.md}px)`);
    expect(media.down("lg")).toBe(`@media (max-width: ${theme.breakpoints.lg - 0.02}px)`);
  });

  it("orders breakpoints smallest first", () => {
    const values = Object.values(theme.breakpoints);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
  });
});

describe("theme colours meet WCAG AA for text", () => {
  const c = theme.colors;
  it.each([
    ["ink on surface", c.ink, c.surface],
    ["inkSoft on surface", c.inkSoft, c.surface],
    ["muted on surface", c.muted, c.surface],
    ["muted on surfaceAlt", c.muted, c.surfaceAlt],
    ["accent link on surface", c.accent, c.surface],
    ["white on accent button", c.surface, c.accent],
    ["onNight on night", c.onNight, c.night],
    ["onNightMuted on night", c.onNightMuted, c.night],
    ["accentOnNight on night", c.accentOnNight, c.night],
    ["codeComment on codeBg", c.codeComment, c.codeBg],
    ["accentStrong on accentSoft", c.accentStrong, c.accentSoft],
  ])("%s ≥ 4.5:1", (_name, fg, bg) => {
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });
});
