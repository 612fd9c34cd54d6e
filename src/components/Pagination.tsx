/** Numbered links between the pages of a listing. */
import * as React from "react";
import styled from "styled-components";
import { pagerItems } from "../data/blog";
import { Link } from "./Link";
import { theme } from "../styles/theme";

export interface PaginationProps {
  page: number;
  numPages: number;
  pathFor: (page: number) => string;
  label?: string;
}

export function Pagination({ page, numPages, pathFor, label = "Pages" }: PaginationProps) {
  if (numPages <= 1) return null;
  return (
    <Nav aria-label={label}>
      {page > 1 ? (
        <Link href={pathFor(page - 1)} rel="prev">
          ← Newer
        </Link>
      ) : null}
      <ol>
        {pagerItems(page, numPages).map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              {item === page ? (
                <Current aria-current="page">{item}</Current>
              ) : (
                <Link href={pathFor(item)} aria-label={`Page ${item}`}>
                  {item}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < numPages ? (
        <Link href={pathFor(page + 1)} rel="next">
          Older →
        </Link>
      ) : null}
    </Nav>
  );
}

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${theme.space[4]};
  margin-top: ${theme.space[7]};

  ol {
    display: flex;
    gap: ${theme.space[2]};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a,
  li > span {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 2.75rem;
    min-height: 2.75rem;
    padding-inline: ${theme.space[3]};
    border-radius: ${theme.radii.sm};
    font-weight: ${theme.fontWeights.semibold};
  }
  a {
    border: ${theme.borders.hairline} solid ${theme.colors.line};
    color: ${theme.colors.ink};
    text-decoration: none;
  }
  a:hover {
    border-color: ${theme.colors.lineStrong};
  }
`;

const Current = styled.span`
  background: ${theme.colors.ink};
  color: ${theme.colors.surface};
`;
