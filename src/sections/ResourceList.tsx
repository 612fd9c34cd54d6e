/** A list of linked items (resources, press releases, repositories, SDKs) with optional meta and tags. */
import * as React from "react";
import styled from "styled-components";
import type { ResourceListContent } from "../data/sectionSchemas";
import { Card } from "../components/Card";
import { Container } from "../components/Container";
import { Heading } from "../components/Heading";
import { Icon } from "../components/Icon";
import { SectionIntro } from "../components/SectionIntro";
import { StretchedLink } from "../components/StretchedLink";
import { SectionShell } from "../components/SectionShell";
import { Grid } from "../components/Stack";
import { Text } from "../components/Text";
import { theme } from "../styles/theme";

export function ResourceList({ eyebrow, title, lead, items, id }: ResourceListContent) {
  return (
    <SectionShell id={id} $tone="tinted">
      <Container>
        <SectionIntro eyebrow={eyebrow} title={title} lead={lead} />
        <Grid $columns={3} as="ul" role="list">
          {items.map((item) => (
            <Card key={item.title + item.href} as="li" $interactive>
              {item.meta ? <Meta>{item.meta}</Meta> : null}
              <Heading level={3} size="md">
                <StretchedLink href={item.href}>{item.title}</StretchedLink>
              </Heading>
              {item.body ? <Text $size="sm">{item.body}</Text> : null}
              {item.tags.length > 0 ? (
                <Tags role="list" aria-label="Tags">
                  {item.tags.map((tag) => (
                    <li key={tag}>{tag}</li>
                  ))}
                </Tags>
              ) : null}
              <More aria-hidden="true">
                {item.linkLabel ?? "Read more"}{" "}
                <Icon
                  name={
                    item.href.startsWith("/") || item.href.startsWith("#")
                      ? "arrow-right"
                      : "external"
                  }
                  size={0.9}
                />
              </More>
            </Card>
          ))}
        </Grid>
      </Container>
    </SectionShell>
  );
}

const Meta = styled.p`
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.semibold};
  color: ${theme.colors.muted};
  text-transform: uppercase;
  letter-spacing: 0.06em;
`;

const Tags = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};

  li {
    padding: 0 ${theme.space[2]};
    border-radius: ${theme.radii.pill};
    background: ${theme.colors.surfaceSunken};
    color: ${theme.colors.inkSoft};
    font-size: ${theme.fontSizes.xs};
  }
`;

const More = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[1]};
  margin-top: auto;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  color: ${theme.colors.accent};
`;
