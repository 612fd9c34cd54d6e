/** The icon sprite: every icon's <symbol>, once per document, hidden. */
import * as React from "react";
import { iconSymbols } from "./iconPaths";

/**
 * Pages get it from gatsby-ssr before the React root (server HTML only, never hydrated, so the drawings
 * are in no JavaScript bundle); the CMS previews render it into their frame.
 */
export function IconSprite() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      style={{ display: "none" }}
      aria-hidden
      focusable="false"
      data-icon-sprite=""
      dangerouslySetInnerHTML={{ __html: iconSymbols() }}
    />
  );
}
