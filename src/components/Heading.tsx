/** Headings whose visual size is chosen apart from their level, so the outline stays correct. */
import * as React from "react";
import styled, { css } from "styled-components";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

export type HeadingLevel = 1 | 2 | 3 | 4;
export type HeadingSize = "display" | "xl" | "lg" | "md" | "sm";

export interface HeadingProps extends React.HTMLAttributes<HTMLHeadingElement> {
  level: HeadingLevel;
  size?: HeadingSize;
  children: React.ReactNode;
}

const defaultSize: Record<HeadingLevel, HeadingSize> = { 1: "display", 2: "xl", 3: "md", 4: "sm" };

export function Heading({ level, size, children, ...rest }: HeadingProps) {
  return (
    <Title as={`h${level}`} $size={size ?? defaultSize[level]} {...rest}>
      {children}
    </Title>
  );
}

const Title = styled.h2<{ $size: HeadingSize }>`
  color: inherit;
  font-weight: ${theme.fontWeights.bold};
  text-wrap: balance;
  ${({ $size }) => {
    switch ($size) {
      case "display":
        return css`
          font-size: ${theme.fontSizes["2xl"]};
          font-weight: ${theme.fontWeights.heavy};
          ${media.up("md")} {
            font-size: ${theme.fontSizes["3xl"]};
          }
          ${media.up("lg")} {
            font-size: ${theme.fontSizes["4xl"]};
          }
        `;
      case "xl":
        return css`
          font-size: ${theme.fontSizes.xl};
          ${media.up("md")} {
            font-size: ${theme.fontSizes["2xl"]};
          }
          ${media.up("lg")} {
            font-size: ${theme.fontSizes["3xl"]};
          }
        `;
      case "lg":
        return css`
          font-size: ${theme.fontSizes.xl};
          ${media.up("md")} {
            font-size: ${theme.fontSizes["2xl"]};
          }
        `;
      case "md":
        return css`
          font-size: ${theme.fontSizes.lg};
        `;
      case "sm":
        return css`
          font-size: ${theme.fontSizes.md};
          font-weight: ${theme.fontWeights.semibold};
        `;
    }
  }}
`;
