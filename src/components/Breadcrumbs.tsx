/** The trail from the home page to the current page; the last crumb is the page itself. */
import * as React from "react";
import styled from "styled-components";
import type { Crumb } from "../data/structuredData";
import { Link } from "./Link";
import { theme } from "../styles/theme";

export function Breadcrumbs({
  crumbs,
  label = "Breadcrumb",
}: {
  crumbs: readonly Crumb[];
  label?: string;
}) {
  return (
    <Nav aria-label={label}>
      <ol>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${crumb.label}-${index}`}>
              {last || !crumb.href ? (
                <span aria-current={last ? "page" : undefined}>{crumb.label}</span>
              ) : (
                <Link href={crumb.href}>{crumb.label}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </Nav>
  );
}

const Nav = styled.nav`
  font-size: ${theme.fontSizes.sm};
  color: inherit;

  ol {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.space[2]};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: inline-flex;
    gap: ${theme.space[2]};
    min-width: 0;
  }
  li + li::before {
    content: "/";
    opacity: 0.6;
  }
  a {
    color: inherit;
    text-decoration: underline;
    text-underline-offset: 0.2em;
  }
  /* The page's own crumb wraps like the rest, never cut to an ellipsis: with wider letter and word spacing
     (WCAG 1.4.12) a cut title lost more of itself. */
  [aria-current] {
    overflow-wrap: anywhere;
  }
`;
