/**
 * CMS preview of the navigation file: the site's own Header and Footer rendered from the entry as edited,
 * with every menu shown open between them (the preview pane is narrower than the desktop header).
 */
import * as React from "react";
import styled from "styled-components";
import { Container } from "../components/Container";
import { Footer } from "../components/Footer";
import { Header } from "../components/Header";
import { MenuEntryLink } from "../components/MenuEntryLink";
import { fillPlaceholders } from "../data/content";
import { toNavigation } from "../data/navigation";
import { NavigationContext } from "../hooks/useNavigation";
import { plain, type PreviewProps } from "./previewData";
import { SiteFrame } from "./SiteFrame";
import { theme } from "../styles/theme";

export function NavigationPreview(props: PreviewProps) {
  const navigation = toNavigation(
    fillPlaceholders(plain<unknown>(props.entry.getIn(["data"]), {})),
  );
  return (
    <SiteFrame document={props.document}>
      <NavigationContext.Provider value={navigation}>
        <Header pathname="/" />
        <Container as="main" aria-label="Header menus, opened">
          {navigation.menus.map((menu) => (
            <Menu key={menu.id} aria-labelledby={`preview-menu-${menu.id}`}>
              <MenuTitle id={`preview-menu-${menu.id}`}>{menu.title}</MenuTitle>
              <Entries role="list">
                {[...menu.entries, ...(menu.groups ?? []).flatMap((group) => group.entries)].map(
                  (entry) => (
                    <li key={entry.title + entry.url}>
                      <MenuEntryLink entry={entry} />
                    </li>
                  ),
                )}
              </Entries>
            </Menu>
          ))}
        </Container>
        <Footer />
      </NavigationContext.Provider>
    </SiteFrame>
  );
}

const Menu = styled.section`
  padding: ${theme.space[5]} 0;
  border-bottom: ${theme.borders.hairline} solid ${theme.colors.line};
`;

const MenuTitle = styled.h2`
  margin-bottom: ${theme.space[3]};
  font-size: ${theme.fontSizes.lg};
`;

const Entries = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
  gap: ${theme.space[1]};
`;
