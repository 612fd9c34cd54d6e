/** A small pill for counts and labels beside a title. */
import styled from "styled-components";

export const Badge = styled.span`
  display: inline-flex;
  align-items: center;
  min-width: 1.5rem;
  padding: 0 ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accentStrong};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: 1.5;
  justify-content: center;
`;
