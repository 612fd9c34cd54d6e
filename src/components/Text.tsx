/** Body copy in the theme's sizes and tones; an eyebrow variant labels sections. */
import styled, { css } from "styled-components";

export type TextTone = "default" | "muted" | "inverse" | "inverseMuted";
export type TextSize = "sm" | "md" | "lg";

export const Text = styled.p<{ $tone?: TextTone; $size?: TextSize }>`
  font-size: ${({ theme, $size = "md" }) => theme.fontSizes[$size]};
  color: ${({ theme, $tone = "default" }) =>
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
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
  ${({ theme, $inverse }) => css`
    color: ${$inverse ? theme.colors.accentOnNight : theme.colors.accent};
  `}
`;
