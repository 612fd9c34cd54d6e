/** Design tokens: every colour, space, type size, radius, shadow and breakpoint the components may use. */

export const theme = {
  colors: {
    ink: "#10132a",
    inkSoft: "#3d4360",
    muted: "#5a6079",
    line: "#dfe2ec",
    lineStrong: "#c3c8d8",
    surface: "#ffffff",
    surfaceAlt: "#f5f6fa",
    surfaceSunken: "#eceef5",
    night: "#0c0f22",
    nightSoft: "#171b36",
    nightLine: "#2b3154",
    onNight: "#f3f4fa",
    onNightMuted: "#b7bcd3",
    accent: "#c63f14",
    accentStrong: "#a53410",
    accentSoft: "#fdece5",
    accentOnNight: "#ff8a5c",
    focus: "#2f6bff",
    success: "#12734a",
    successSoft: "#e4f5ec",
    warning: "#8a5a00",
    warningSoft: "#fff4d6",
    danger: "#b42318",
    dangerSoft: "#fdeceb",
    codeBg: "#0f1329",
    codeText: "#e6e8f2",
    codeKeyword: "#ff9e7a",
    codeString: "#9be3b4",
    codeComment: "#9aa1c0",
    /** Behind a dialog: the night colour at 55% opacity. */
    overlay: "rgba(12, 15, 34, 0.55)",
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', 'Liberation Sans', Arial, sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', 'Cascadia Code', Menlo, Consolas, monospace",
  },
  fontSizes: {
    xs: "0.8125rem",
    sm: "0.9375rem",
    md: "1.0625rem",
    lg: "1.25rem",
    xl: "1.5rem",
    "2xl": "2rem",
    "3xl": "2.625rem",
    "4xl": "3.375rem",
  },
  fontWeights: { regular: 400, medium: 500, semibold: 600, bold: 700, heavy: 800 },
  lineHeights: { tight: 1.15, snug: 1.3, body: 1.6 },
  space: {
    0: "0",
    1: "0.25rem",
    2: "0.5rem",
    3: "0.75rem",
    4: "1rem",
    5: "1.5rem",
    6: "2rem",
    7: "3rem",
    8: "4rem",
    9: "6rem",
  },
  radii: { sm: "6px", md: "10px", lg: "16px", pill: "999px" },
  shadows: {
    sm: "0 1px 2px rgba(16, 19, 42, 0.08)",
    md: "0 6px 24px rgba(16, 19, 42, 0.10)",
    lg: "0 18px 48px rgba(16, 19, 42, 0.18)",
  },
  sizes: {
    container: "1200px",
    wide: "1360px",
    prose: "720px",
    header: "68px",
    contentImage: "766px",
  },
  borders: { hairline: "1px", focus: "3px" },
  /** Min-widths in px, smallest first; media.ts derives the queries. */
  breakpoints: { sm: 480, md: 768, lg: 1024, xl: 1280 },
  zIndices: { header: 50, overlay: 60, banner: 70 },
  durations: { fast: "120ms", base: "200ms" },
  /**
   * Custom properties a script sets on <html> and the styles read. bannerSpace: how far the open cookie banner
   * reaches up from the bottom of the viewport (unset while it is closed).
   */
  vars: { bannerSpace: "--consent-banner-space" },
} as const;

export type Theme = typeof theme;
export type SpaceKey = keyof Theme["space"];
