/** The search dialog's styles. */
import styled from "styled-components";
import { media } from "../../styles/media";
import { theme } from "../../styles/theme";

export const Dialog = styled.dialog`
  width: min(100% - 2 * ${theme.space[3]}, 42rem);
  max-width: none;
  max-height: min(100% - 2 * ${theme.space[5]}, 44rem);
  margin: ${theme.space[5]} auto auto;
  padding: 0;
  border: 0;
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  color: inherit;
  box-shadow: ${theme.shadows.lg};

  &[open] {
    display: flex;
  }

  &::backdrop {
    background: ${theme.colors.overlay};
  }

  ${media.up("md")} {
    margin-top: ${theme.space[9]};
  }
`;

export const Panel = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-height: 0;
`;

export const Field = styled.form`
  display: flex;
  align-items: center;
  gap: ${theme.space[3]};
  padding: ${theme.space[3]} ${theme.space[4]};
  border-bottom: ${theme.borders.hairline} solid ${theme.colors.line};
  color: ${theme.colors.muted};
`;

export const Input = styled.input`
  flex: 1;
  min-width: 0;
  padding: ${theme.space[2]} 0;
  border: 0;
  background: transparent;
  color: ${theme.colors.ink};
  font: inherit;
  font-size: ${theme.fontSizes.lg};

  &:focus {
    outline: none;
  }

  &::-webkit-search-cancel-button {
    display: none;
  }
`;

export const Close = styled.button`
  flex: none;
  min-width: 2.75rem;
  min-height: 2.75rem;
  padding: 0 ${theme.space[2]};
  border: ${theme.borders.hairline} solid ${theme.colors.line};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceAlt};
  color: ${theme.colors.inkSoft};
  font: inherit;
  font-size: ${theme.fontSizes.xs};
  cursor: pointer;

  &:focus-visible {
    outline: ${theme.borders.focus} solid ${theme.colors.focus};
  }
`;

export const Status = styled.p`
  padding: ${theme.space[3]} ${theme.space[4]} 0;
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};
`;

export const ListTitle = styled.p`
  padding: ${theme.space[3]} ${theme.space[4]} ${theme.space[1]};
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.semibold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

export const List = styled.ul`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  padding: 0 ${theme.space[2]} ${theme.space[3]};
`;

export const Option = styled.li`
  display: grid;
  gap: ${theme.space[1]};
  padding: ${theme.space[3]};
  border-radius: ${theme.radii.md};
  cursor: pointer;

  &[aria-selected="true"] {
    background: ${theme.colors.surfaceAlt};
    box-shadow: inset ${theme.borders.focus} 0 0 ${theme.colors.focus};
  }
`;

export const OptionTitle = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${theme.space[2]};
  color: ${theme.colors.ink};
  font-weight: ${theme.fontWeights.semibold};
`;

export const Section = styled.span`
  padding: 0 ${theme.space[2]};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surfaceSunken};
  color: ${theme.colors.inkSoft};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.medium};
`;

export const Footer = styled.div`
  padding: ${theme.space[3]} ${theme.space[4]};
  border-top: ${theme.borders.hairline} solid ${theme.colors.line};
`;

export const AllResults = styled.a`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
`;
