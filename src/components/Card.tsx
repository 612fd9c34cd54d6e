/** A bordered surface that groups one idea; optional hover lift when the whole card is a link. */
import styled, { css } from "styled-components";
import { theme } from "../styles/theme";

export const Card = styled.div<{ $interactive?: boolean; $tone?: "light" | "dark" }>`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  padding: ${theme.space[5]};
  border-radius: ${theme.radii.lg};
  ${({ $tone = "light" }) =>
    $tone === "dark"
      ? css`
          background: ${theme.colors.nightSoft};
          border: ${theme.borders.hairline} solid ${theme.colors.nightLine};
          color: ${theme.colors.onNight};
        `
      : css`
          background: ${theme.colors.surface};
          border: ${theme.borders.hairline} solid ${theme.colors.line};
          color: ${theme.colors.ink};
        `}
  ${({ $interactive }) =>
    $interactive &&
    css`
      position: relative;
      transition:
        box-shadow ${theme.durations.base},
        border-color ${theme.durations.base};
      &:hover,
      &:focus-within {
        box-shadow: ${theme.shadows.md};
        border-color: ${theme.colors.lineStrong};
      }
    `}
`;
