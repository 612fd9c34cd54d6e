/** The one global stylesheet: a small reset, base typography, focus styles and A/B variant rules. */
import { createGlobalStyle } from "styled-components";
import { media } from "./media";
import { EXPERIMENTS } from "../config/experiments";
import { theme } from "./theme";

// Until the head script marks <html>, control shows; a treatment assignment swaps them before paint.
// Variants are whole blocks; parts (AbPart) are pieces of one block and take no box of their own.
const variantRules =
  "\n  [data-ab-part] { display: contents; }" +
  EXPERIMENTS.map(
    (key) => `
  [data-ab-variant="${key}:treatment"], [data-ab-part="${key}:treatment"] { display: none; }
  html[data-ab-${key}="treatment"] [data-ab-variant="${key}:control"],
  html[data-ab-${key}="treatment"] [data-ab-part="${key}:control"] { display: none; }
  html[data-ab-${key}="treatment"] [data-ab-variant="${key}:treatment"] { display: block; }
  html[data-ab-${key}="treatment"] [data-ab-part="${key}:treatment"] { display: contents; }`,
  ).join("");

// No web font: measured with slow loading, every late-arriving web font (swap, fallback or
// optional) re-laid out the text and shifted the page (CLS 0.02-0.05). The system UI stack
// paints final text at once, costs no download and keeps CLS at 0.
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }

  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
    scroll-behavior: smooth;
    /* The one scroll offset, kept clear of the sticky header: hash links (clicked or opened directly),
       scrollIntoView and keyboard focus all honour it, together with any scroll-margin a target sets. */
    scroll-padding-top: calc(${theme.sizes.header} + 1rem);
    /* And clear of the cookie banner while it is open (it sets the property to the height it covers): a
       keyboard visitor's focus is scrolled above it, never under it (WCAG 2.4.11, technique C43). */
    scroll-padding-bottom: var(${theme.vars.bannerSpace}, 0px);
  }
  ${media.reducedMotion} {
    html { scroll-behavior: auto; }
    *, *::before, *::after { transition-duration: 0.01ms !important; animation-duration: 0.01ms !important; }
  }

  /* <Icon>: a plain class, not a styled component, since a page renders dozens of icons and each styled
     instance costs work during hydration; the drawing comes from the sprite. */
  .icon {
    display: inline-block;
    flex: none;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.75;
    stroke-linecap: round;
    stroke-linejoin: round;
    vertical-align: middle;
  }

  body {
    margin: 0;
    font-family: ${theme.fonts.body};
    font-size: ${theme.fontSizes.md};
    line-height: ${theme.lineHeights.body};
    color: ${theme.colors.ink};
    background: ${theme.colors.surface};
    -webkit-font-smoothing: antialiased;
    text-rendering: optimizeLegibility;
  }

  h1, h2, h3, h4, h5, h6, p, figure, blockquote, dl, dd { margin: 0; }
  /* A word longer than a phone's line (in Portuguese titles) breaks rather than widen the page. */
  h1, h2, h3, h4 { line-height: ${theme.lineHeights.tight}; letter-spacing: -0.015em; overflow-wrap: break-word; }
  ul[role="list"], ol[role="list"] { list-style: none; margin: 0; padding: 0; }
  img, svg, video, picture { display: block; max-width: 100%; height: auto; }
  button, input, select, textarea { font: inherit; color: inherit; }
  button { cursor: pointer; }
  a { color: ${theme.colors.accent}; text-underline-offset: 0.18em; }
  a:hover { color: ${theme.colors.accentStrong}; }
  code, pre, kbd { font-family: ${theme.fonts.mono}; font-size: 0.92em; }

  :focus-visible {
    outline: ${theme.borders.focus} solid ${theme.colors.focus};
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
