/** A titled grid of cards, each an icon, a title, a short body and an optional link; cards may be grouped. */
import * as React from "react";
import styled from "styled-components";
import type { IconName } from "../config/navigation";
import type { FeatureGridContent } from "../data/sectionSchemas";
import { Card } from "../components/Card";
import { Container } from "../components/Container";
import { Heading } from "../components/Heading";
import { Icon, iconNames } from "../components/Icon";
import { SectionIntro } from "../components/SectionIntro";
import { StretchedLink } from "../components/StretchedLink";
import { SectionShell } from "../components/SectionShell";
import { Grid } from "../components/Stack";
import { Text } from "../components/Text";
import { theme } from "../styles/theme";

const isIcon = (name: string | undefined): name is IconName =>
  name !== undefined && (iconNames as string[]).includes(name);

type Item = FeatureGridContent["items"][number];

export function FeatureGrid({
  eyebrow,
  title,
  lead,
  columns,
  tone,
  items,
  id,
}: FeatureGridContent) {
  const dark = tone === "dark";
  const groups = groupItems(items);
  return (
    <SectionShell id={id} $tone={tone}>
      <Container>
        <SectionIntro eyebrow={eyebrow} title={title} lead={lead} inverse={dark} />
        {groups.map(([group, groupItemsList]) => (
          <Group key={group ?? "all"}>
            {group ? (
              <GroupTitle $dark={dark}>
                <Heading level={3} size="sm">
                  {group}
                </Heading>
              </GroupTitle>
            ) : null}
            <Grid $columns={columns} as="ul" role="list">
              {groupItemsList.map((item) => (
                <Card
                  key={item.title}
                  as="li"
                  $tone={dark ? "dark" : "light"}
                  $interactive={Boolean(item.href)}
                >
                  {isIcon(item.icon) ? (
                    <IconBox $dark={dark}>
                      <Icon name={item.icon} />
                    </IconBox>
                  ) : null}
                  <Heading level={group ? 4 : 3} size="md">
                    {item.href ? (
                      <StretchedLink href={item.href}>{item.title}</StretchedLink>
                    ) : (
                      item.title
                    )}
                  </Heading>
                  <Text $size="sm" $tone={dark ? "inverseMuted" : "default"}>
                    {item.body}
                  </Text>
                  {item.href ? (
                    <More aria-hidden="true" $dark={dark}>
                      {item.linkLabel ?? "Learn more"} <Icon name="arrow-right" size={0.9} />
                    </More>
                  ) : null}
                </Card>
              ))}
            </Grid>
          </Group>
        ))}
      </Container>
    </SectionShell>
  );
}

function groupItems(items: Item[]): Array<[string | undefined, Item[]]> {
  const map = new Map<string | undefined, Item[]>();
  for (const item of items) {
    const list = map.get(item.group) ?? [];
    list.push(item);
    map.set(item.group, list);
  }
  return [...map.entries()];
}

const Group = styled.div`
  & + & {
    margin-top: ${theme.space[7]};
  }
`;

const GroupTitle = styled.div<{ $dark: boolean }>`
  margin-bottom: ${theme.space[4]};
  color: ${({ $dark }) => ($dark ? theme.colors.accentOnNight : theme.colors.accent)};
  text-transform: uppercase;
  letter-spacing: 0.08em;
`;

const IconBox = styled.span<{ $dark: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.75rem;
  height: 2.75rem;
  border-radius: ${theme.radii.md};
  background: ${({ $dark }) => ($dark ? theme.colors.nightLine : theme.colors.accentSoft)};
  color: ${({ $dark }) => ($dark ? theme.colors.accentOnNight : theme.colors.accentStrong)};
`;

const More = styled.span<{ $dark: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[1]};
  margin-top: auto;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  color: ${({ $dark }) => ($dark ? theme.colors.accentOnNight : theme.colors.accent)};
`;
