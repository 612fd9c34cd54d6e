/** Vertical rhythm and background tone for one page section. */
import styled, { css } from "styled-components";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

export type SectionTone = "light" | "tinted" | "dark";

export const SectionShell = styled.section<{ $tone?: SectionTone; $tight?: boolean }>`
  padding-block: ${({ $tight }) => ($tight ? theme.space[6] : theme.space[8])};
  ${media.up("lg")} {
    padding-block: ${({ $tight }) => ($tight ? theme.space[7] : theme.space[9])};
  }
  ${({ $tone = "light" }) => {
    switch ($tone) {
      case "tinted":
        return css`
          background: ${theme.colors.surfaceAlt};
        `;
      case "dark":
        return css`
          background: ${theme.colors.night};
          color: ${theme.colors.onNight};
          a:not([class]) {
            color: ${theme.colors.accentOnNight};
          }
        `;
      default:
        return css`
          background: ${theme.colors.surface};
        `;
    }
  }}
`;
