/** Media queries derived from the theme's breakpoints, so no component writes a raw width. */
import { theme } from "./theme";

type Breakpoint = keyof typeof theme.breakpoints;

const up = (bp: Breakpoint): string => `@media (min-width: ${theme.breakpoints[bp]}px)`;
const down = (bp: Breakpoint): string => `@media (max-width: ${theme.breakpoints[bp] - 0.02}px)`;

export const media = {
  up,
  down,
  reducedMotion: "@media (prefers-reduced-motion: reduce)",
  hover: "@media (hover: hover) and (pointer: fine)",
} as const;
