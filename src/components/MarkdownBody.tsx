/** HTML rendered from markdown, styled as prose; its internal links navigate client-side, everything else is left to the browser. */
import * as React from "react";
import { navigate } from "gatsby";
import styled from "styled-components";
import { codeTokenColors } from "../styles/codeTokens";
import { clientSideTarget } from "../data/links";
import { Prose } from "./Prose";
import { theme } from "../styles/theme";

export function MarkdownBody({ html, className }: { html: string; className?: string }) {
  // One delegated listener instead of one per link (what gatsby-plugin-catch-links does, scoped to this body).
  const onClick = React.useCallback((event: React.MouseEvent<HTMLDivElement>) => {
    const anchor = event.target instanceof Element ? event.target.closest("a") : null;
    if (!anchor) return;
    const target = clientSideTarget({
      href: anchor.getAttribute("href"),
      target: anchor.getAttribute("target"),
      download: anchor.hasAttribute("download"),
      rel: anchor.getAttribute("rel"),
      button: event.button,
      modified: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey,
      defaultPrevented: event.defaultPrevented,
    });
    if (target === null) return;
    event.preventDefault();
    void navigate(target);
  }, []);
  // The handler only upgrades links, which stay plain <a> elements for keyboard and assistive tech.
  return (
    <Body className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

const Body = styled(Prose)`
  max-width: none;

  h2,
  h3 {
    position: relative;
  }
  /* Permalinks beside h2/h3 (src/data/blogHeadings.ts): in the margin, shown on hover or focus. */
  .heading-anchor {
    color: ${theme.colors.muted};
  }
  .heading-anchor.before {
    position: absolute;
    top: 0;
    left: 0;
    transform: translateX(-100%);
    padding-right: ${theme.space[1]};
  }
  .heading-anchor svg {
    visibility: hidden;
  }
  h2:hover .heading-anchor svg,
  h3:hover .heading-anchor svg,
  .heading-anchor:focus-visible svg {
    visibility: visible;
  }
  .gatsby-resp-image-wrapper {
    margin-block: ${theme.space[5]};
    border-radius: ${theme.radii.md};
    overflow: hidden;
  }
  figcaption {
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.muted};
  }

  /* Syntax colours for gatsby-remark-prismjs output (build-time highlighting, no browser JS). */
  .gatsby-highlight pre {
    font-family: ${theme.fonts.mono};
    font-size: ${theme.fontSizes.sm};
    line-height: ${theme.lineHeights.snug};
  }
  ${codeTokenColors}
`;
