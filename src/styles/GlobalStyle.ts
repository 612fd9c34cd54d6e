/** The one global stylesheet: font faces, a small reset, base typography and focus styles. */
import { createGlobalStyle } from "styled-components";
import { fontFiles } from "./fonts";
import { media } from "./media";
import { EXPERIMENTS } from "../providers/experiments/flags";

// Until the head script marks <html>, control shows; a treatment assignment swaps them before paint.
const variantRules = EXPERIMENTS.map(
  (key) => `
  [data-ab-variant="${key}:treatment"] { display: none; }
  html[data-ab-${key}="treatment"] [data-ab-variant="${key}:control"] { display: none; }
  html[data-ab-${key}="treatment"] [data-ab-variant="${key}:treatment"] { display: block; }`,
).join("");

export const GlobalStyle = createGlobalStyle`
  @font-face {
    font-family: "Inter Variable";
    font-style: normal;
    font-display: optional;
    font-weight: 100 900;
    src: url(${fontFiles.interLatin}) format("woff2-variations");
    unicode-range: U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304,
      U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD;
  }
  @font-face {
    font-family: "Inter Variable";
    font-style: normal;
    font-display: optional;
    font-weight: 100 900;
    src: url(${fontFiles.interLatinExt}) format("woff2-variations");
    unicode-range: U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308,
      U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113,
      U+2C60-2C7F, U+A720-A7FF;
  }

  *, *::before, *::after { box-sizing: border-box; }

  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
    scroll-behavior: smooth;
    scroll-padding-top: ${({ theme }) => theme.sizes.header};
  }
  ${media.reducedMotion} {
    html { scroll-behavior: auto; }
    *, *::before, *::after { transition-duration: 0.01ms !important; animation-duration: 0.01ms !important; }
  }

  body {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.md};
    line-height: ${({ theme }) => theme.lineHeights.body};
    color: ${({ theme }) => theme.colors.ink};
    background: ${({ theme }) => theme.colors.surface};
    -webkit-font-smoothing: antialiased;
    text-rendering: optimizeLegibility;
  }

  h1, h2, h3, h4, h5, h6, p, figure, blockquote, dl, dd { margin: 0; }
  h1, h2, h3, h4 { line-height: ${({ theme }) => theme.lineHeights.tight}; letter-spacing: -0.015em; }
  ul[role="list"], ol[role="list"] { list-style: none; margin: 0; padding: 0; }
  img, svg, video, picture { display: block; max-width: 100%; height: auto; }
  button, input, select, textarea { font: inherit; color: inherit; }
  button { cursor: pointer; }
  a { color: ${({ theme }) => theme.colors.accent}; text-underline-offset: 0.18em; }
  a:hover { color: ${({ theme }) => theme.colors.accentStrong}; }
  code, pre, kbd { font-family: ${({ theme }) => theme.fonts.mono}; font-size: 0.92em; }

  [id] { scroll-margin-top: calc(${({ theme }) => theme.sizes.header} + 1rem); }

  :focus-visible {
    outline: ${({ theme }) => theme.borders.focus} solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  ${variantRules}

  .visually-hidden {
    position: absolute !important;
    width: 1px; height: 1px;
    padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0);
    white-space: nowrap; border: 0;
  }
`;
