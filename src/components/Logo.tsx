/** The brand mark and wordmark; the name comes from site config. */
import * as React from "react";
import styled from "styled-components";
import { site } from "../config/site";
import { theme } from "../styles/theme";

export function Logo({ inverse = false }: { inverse?: boolean }) {
  return (
    <Wrapper $inverse={inverse}>
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" className="mark-bg" />
        <g fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round">
          <path d="M9 21a9 9 0 0 1 0-10" />
          <path d="M13 23.5a11 11 0 0 1-1.5-7.5 4.5 4.5 0 0 1 9 0" />
          <path d="M16 16v2.5a10 10 0 0 0 2 6" />
          <path d="M12.5 8.5a9 9 0 0 1 11.5 8.5v1" />
        </g>
      </svg>
      <Name>{site.productName}</Name>
    </Wrapper>
  );
}

const Wrapper = styled.span<{ $inverse: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[2]};
  color: ${({ $inverse }) => ($inverse ? theme.colors.onNight : theme.colors.ink)};

  .mark-bg {
    fill: ${theme.colors.accent};
  }
`;

const Name = styled.span`
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.heavy};
  letter-spacing: -0.02em;
`;
