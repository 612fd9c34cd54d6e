/** Customer wordmarks. The sample customers are fictional, and the section says so. */
import * as React from "react";
import styled from "styled-components";
import type { LogoCloudContent } from "../data/sectionSchemas";
import { Container } from "../components/Container";
import { SectionShell } from "../components/SectionShell";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

export function LogoCloud({ title, logos, id }: LogoCloudContent) {
  return (
    <SectionShell id={id} $tight>
      <Container>
        <Title>{title}</Title>
        <List role="list">
          {logos.map((logo, index) => (
            <Wordmark
              key={logo.name}
              $style={index % 4}
              title={`${logo.name} (${logo.industry}, fictional sample customer)`}
            >
              {logo.name}
            </Wordmark>
          ))}
        </List>
      </Container>
    </SectionShell>
  );
}

const Title = styled.h2`
  margin-bottom: ${theme.space[5]};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.muted};
  text-align: center;
`;

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  align-items: center;
  gap: ${theme.space[4]} ${theme.space[7]};
  margin: 0;
  padding: 0;
  list-style: none;

  ${media.down("md")} {
    gap: ${theme.space[3]} ${theme.space[5]};
  }
`;

/* Four typographic treatments so a row of invented names reads like a row of distinct brands. */
const Wordmark = styled.li<{ $style: number }>`
  text-align: center;
  color: ${theme.colors.inkSoft};
  font-size: ${theme.fontSizes.lg};
  white-space: nowrap;
  font-weight: ${({ $style }) => [800, 600, 700, 500][$style]};
  letter-spacing: ${({ $style }) => ["-0.03em", "0.12em", "-0.01em", "0.02em"][$style]};
  text-transform: ${({ $style }) => ($style === 1 ? "uppercase" : "none")};
  font-style: ${({ $style }) => ($style === 3 ? "italic" : "normal")};
  font-family: ${({ $style }) => ($style === 2 ? theme.fonts.mono : theme.fonts.body)};
`;
