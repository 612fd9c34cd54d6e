/** Body copy in the theme's sizes and tones; an eyebrow variant labels sections. */
import styled, { css } from "styled-components";
import { theme } from "../styles/theme";

export type TextTone = "default" | "muted" | "inverse" | "inverseMuted";
export type TextSize = "sm" | "md" | "lg";

export const Text = styled.p<{ $tone?: TextTone; $size?: TextSize }>`
  font-size: ${({ $size = "md" }) => theme.fontSizes[$size]};
  color: ${({ $tone = "default" }) =>
    ({
      default: theme.colors.inkSoft,
      muted: theme.colors.muted,
      inverse: theme.colors.onNight,
      inverseMuted: theme.colors.onNightMuted,
    })[$tone]};
  max-width: 68ch;
  text-wrap: pretty;
`;

export const Eyebrow = styled.p<{ $inverse?: boolean }>`
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.semibold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
  ${({ $inverse }) => css`
    color: ${$inverse ? theme.colors.accentOnNight : theme.colors.accent};
  `}
`;
