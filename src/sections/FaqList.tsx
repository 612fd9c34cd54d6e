/** Questions and answers as a native disclosure accordion (keyboard and screen-reader friendly without script). */
import * as React from "react";
import styled from "styled-components";
import type { FaqListContent } from "../data/sectionSchemas";
import { Container } from "../components/Container";
import { Heading } from "../components/Heading";
import { Icon } from "../components/Icon";
import { SectionIntro } from "../components/SectionIntro";
import { SectionShell } from "../components/SectionShell";
import { theme } from "../styles/theme";

type Item = FaqListContent["items"][number];

export function FaqList({ title, lead, items, id }: FaqListContent) {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const key = item.category ?? "";
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return (
    <SectionShell id={id} $tone="light">
      <Container $narrow>
        <SectionIntro title={title} lead={lead} />
        {[...groups.entries()].map(([category, list]) => (
          <Group key={category || "all"}>
            {category ? (
              <Heading level={3} size="md">
                {category}
              </Heading>
            ) : null}
            <div>
              {list.map((item) => (
                <Details key={item.question}>
                  <Summary>
                    <span>{item.question}</span>
                    <Icon name="chevron-down" />
                  </Summary>
                  <Answer>
                    {item.answer
                      .split(/\n\s*\n/)
                      .filter(Boolean)
                      .map((paragraph) => (
                        <p key={paragraph.slice(0, 40)}>{paragraph.trim()}</p>
                      ))}
                  </Answer>
                </Details>
              ))}
            </div>
          </Group>
        ))}
      </Container>
    </SectionShell>
  );
}

const Group = styled.div`
  & + & {
    margin-top: ${theme.space[7]};
  }
  h3 {
    margin-bottom: ${theme.space[3]};
  }
`;

const Details = styled.details`
  border-bottom: ${theme.borders.hairline} solid ${theme.colors.line};

  &[open] summary svg {
    transform: rotate(180deg);
  }
`;

const Summary = styled.summary`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[4]};
  padding: ${theme.space[4]} 0;
  cursor: pointer;
  list-style: none;
  font-weight: ${theme.fontWeights.semibold};
  color: ${theme.colors.ink};

  &::-webkit-details-marker {
    display: none;
  }
  svg {
    transition: transform ${theme.durations.fast};
  }
`;

const Answer = styled.div`
  padding-bottom: ${theme.space[4]};
  color: ${theme.colors.inkSoft};

  p + p {
    margin-top: ${theme.space[3]};
  }
`;
