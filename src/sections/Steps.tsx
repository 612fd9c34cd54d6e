/** A numbered sequence: how something works, in two to six steps. */
import * as React from "react";
import styled from "styled-components";
import type { StepsContent } from "../data/sectionSchemas";
import { Container } from "../components/Container";
import { Heading } from "../components/Heading";
import { SectionIntro } from "../components/SectionIntro";
import { SectionShell } from "../components/SectionShell";
import { Text } from "../components/Text";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

export function Steps({ eyebrow, title, lead, items, id }: StepsContent) {
  return (
    <SectionShell id={id} $tone="tinted">
      <Container>
        <SectionIntro eyebrow={eyebrow} title={title} lead={lead} />
        <List $count={items.length}>
          {items.map((item, index) => (
            <Item key={item.title}>
              <Number aria-hidden="true">{String(index + 1).padStart(2, "0")}</Number>
              <Heading level={3} size="md">
                {item.title}
              </Heading>
              <Text $size="sm">{item.body}</Text>
            </Item>
          ))}
        </List>
      </Container>
    </SectionShell>
  );
}

const List = styled.ol<{ $count: number }>`
  display: grid;
  gap: ${theme.space[5]};
  margin: 0;
  padding: 0;
  list-style: none;

  ${media.up("md")} {
    grid-template-columns: repeat(${({ $count }) => Math.min($count, 3)}, minmax(0, 1fr));
  }
  ${media.up("lg")} {
    grid-template-columns: repeat(${({ $count }) => Math.min($count, 4)}, minmax(0, 1fr));
  }
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  padding-top: ${theme.space[4]};
  border-top: 2px solid ${theme.colors.ink};
`;

const Number = styled.span`
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.accent};
`;
