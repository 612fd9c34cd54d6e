/** A small pill for counts and labels beside a title. */
import styled from "styled-components";
import { theme } from "../styles/theme";

export const Badge = styled.span`
  display: inline-flex;
  align-items: center;
  min-width: 1.5rem;
  padding: 0 ${theme.space[2]};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accentStrong};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.semibold};
  line-height: 1.5;
  justify-content: center;
`;
