/** A row of headline figures with short labels (proof points). */
import * as React from "react";
import styled from "styled-components";
import type { StatsContent } from "../data/sectionSchemas";
import { Container } from "../components/Container";
import { Heading } from "../components/Heading";
import { SectionShell } from "../components/SectionShell";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

export function Stats({ title, items, footnote, id }: StatsContent) {
  return (
    <SectionShell id={id} $tight $tone="light">
      <Container>
        {title ? (
          <Title>
            <Heading level={2} size="sm">
              {title}
            </Heading>
          </Title>
        ) : null}
        <List $count={items.length}>
          {items.map((item) => (
            <Item key={item.label}>
              <Label>{item.label}</Label>
              <Value>{item.value}</Value>
            </Item>
          ))}
        </List>
        {footnote ? <Footnote>{footnote}</Footnote> : null}
      </Container>
    </SectionShell>
  );
}

const Title = styled.div`
  margin-bottom: ${theme.space[5]};
  text-align: center;
  color: ${theme.colors.muted};
`;

const List = styled.dl<{ $count: number }>`
  display: grid;
  gap: ${theme.space[5]};
  /* One figure a row on a phone: "Hundreds" at this size is wider than half of a 320 px screen. */
  grid-template-columns: minmax(0, 1fr);

  ${media.up("sm")} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.up("lg")} {
    grid-template-columns: repeat(${({ $count }) => $count}, minmax(0, 1fr));
  }
`;

const Item = styled.div`
  display: flex;
  flex-direction: column-reverse;
  gap: ${theme.space[1]};
  padding-left: ${theme.space[4]};
  border-left: 3px solid ${theme.colors.accent};
`;

const Value = styled.dd`
  font-size: ${theme.fontSizes["2xl"]};
  font-weight: ${theme.fontWeights.heavy};
  letter-spacing: -0.02em;
  color: ${theme.colors.ink};
  overflow-wrap: break-word;
`;

const Label = styled.dt`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.muted};
`;

const Footnote = styled.p`
  margin-top: ${theme.space[5]};
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.muted};
  text-align: center;
`;
