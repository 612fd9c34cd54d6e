/** Every section of the site as the header's menus list them: what a visitor browses when search cannot help. */
import * as React from "react";
import styled from "styled-components";
import { Container } from "../components/Container";
import { Heading } from "../components/Heading";
import { Link } from "../components/Link";
import { useNavigation } from "../hooks/useNavigation";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

export function SiteSections({ title }: { title: string }) {
  const { menus } = useNavigation();
  return (
    <Container as="section" aria-labelledby="site-sections-title">
      <Heading level={2} size="md" id="site-sections-title">
        {title}
      </Heading>
      <Grid>
        {menus.map((menu) => (
          <div key={menu.id}>
            <Heading level={3} size="sm">
              {menu.title}
            </Heading>
            <Entries role="list">
              {[...menu.entries, ...(menu.groups?.flatMap((group) => group.entries) ?? [])].map(
                (entry) => (
                  <li key={entry.title + entry.url}>
                    <Link href={entry.url}>{entry.title}</Link>
                  </li>
                ),
              )}
            </Entries>
          </div>
        ))}
      </Grid>
    </Container>
  );
}

const Grid = styled.div`
  display: grid;
  gap: ${theme.space[5]};
  margin-block: ${theme.space[4]} ${theme.space[8]};

  ${media.up("md")} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Entries = styled.ul`
  display: grid;
  gap: ${theme.space[1]};
  margin-top: ${theme.space[2]};
  font-size: ${theme.fontSizes.sm};
`;
