/** Grey placeholder bars shown while content loads; they shimmer unless the visitor prefers less motion. */
import styled, { keyframes } from "styled-components";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

const shimmer = keyframes`
  from { background-position: 100% 0; }
  to { background-position: -100% 0; }
`;

export const Skeleton = styled.span<{ $width?: string; $height?: "text" | "title" | "block" }>`
  display: block;
  width: ${({ $width = "100%" }) => $width};
  height: ${({ $height = "text" }) =>
    $height === "title"
      ? theme.fontSizes["2xl"]
      : $height === "block"
        ? theme.space[8]
        : theme.fontSizes.md};
  border-radius: ${theme.radii.sm};
  background: linear-gradient(
    90deg,
    ${theme.colors.surfaceSunken} 25%,
    ${theme.colors.surfaceAlt} 50%,
    ${theme.colors.surfaceSunken} 75%
  );
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s linear infinite;

  ${media.reducedMotion} {
    animation: none;
  }
`;
