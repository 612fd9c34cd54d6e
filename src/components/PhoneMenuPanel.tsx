/** The small-screen navigation panel: each menu as an accordion, then the header's actions (loaded on demand by PhoneMenu). */
import * as React from "react";
import styled from "styled-components";
import { headerActions, type Menu } from "../config/navigation";
import { useNavigation } from "../hooks/useNavigation";
import { Button } from "./Button";
import { Icon } from "./Icon";
import { Link } from "./Link";
import { MenuEntryLink } from "./MenuEntryLink";
import { requestSearch } from "../hooks/searchRequests";
import { theme } from "../styles/theme";

export default function PhoneMenuPanel({ open }: { open: boolean }) {
  const { menus } = useNavigation();
  const [section, setSection] = React.useState<Menu["id"] | null>(null);
  const panelRef = React.useRef<HTMLDivElement>(null);

  React.useEffect(() => {
    if (!open) {
      setSection(null);
      return;
    }
    panelRef.current?.querySelector<HTMLElement>("button, a")?.focus();
  }, [open]);

  return (
    <Panel id="phone-menu" ref={panelRef} hidden={!open}>
      <SearchEntry
        type="button"
        aria-haspopup="dialog"
        onClick={(event) => requestSearch(event.currentTarget)}
      >
        <Icon name="search" />
        Search the site
      </SearchEntry>
      <nav aria-label="Main menu">
        <ul role="list">
          {menus.map((menu) => {
            const expanded = section === menu.id;
            return (
              <Section key={menu.id}>
                <SectionButton
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={`phone-menu-${menu.id}`}
                  onClick={() => setSection(expanded ? null : menu.id)}
                >
                  {menu.title}
                  <Icon name="chevron-down" />
                </SectionButton>
                <SectionBody id={`phone-menu-${menu.id}`} hidden={!expanded}>
                  <ul role="list">
                    {[...menu.entries, ...(menu.groups?.flatMap((g) => g.entries) ?? [])].map(
                      (entry) => (
                        <li key={entry.title + entry.url}>
                          <MenuEntryLink entry={entry} compact />
                        </li>
                      ),
                    )}
                  </ul>
                </SectionBody>
              </Section>
            );
          })}
          <Section>
            <PlainLink href={headerActions.pricing.url}>{headerActions.pricing.title}</PlainLink>
          </Section>
          <Section>
            <PlainLink href={headerActions.login.url}>{headerActions.login.title}</PlainLink>
          </Section>
        </ul>
      </nav>
      <Actions>
        <Button
          href={headerActions.contactSales.url}
          variant="secondary"
          size="lg"
          data-cta="phone-menu"
        >
          {headerActions.contactSales.title}
        </Button>
        <Button href={headerActions.signup.url} size="lg" data-cta="phone-menu">
          {headerActions.signup.title}
        </Button>
      </Actions>
    </Panel>
  );
}

const Panel = styled.div`
  position: fixed;
  inset: ${theme.sizes.header} 0 0 0;
  z-index: ${theme.zIndices.overlay};
  overflow-y: auto;
  padding: ${theme.space[4]} ${theme.space[5]} ${theme.space[7]};
  background: ${theme.colors.surface};

  &[hidden] {
    display: none;
  }
`;

// The header's search, opened from here too (the header's control owns the dialog: SearchControl).
const SearchEntry = styled.button`
  display: flex;
  width: 100%;
  align-items: center;
  gap: ${theme.space[3]};
  margin-bottom: ${theme.space[2]};
  padding: ${theme.space[3]} ${theme.space[4]};
  border: ${theme.borders.hairline} solid ${theme.colors.line};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceAlt};
  color: ${theme.colors.inkSoft};
  font: inherit;
  text-align: left;
  cursor: pointer;
`;

const Section = styled.li`
  border-bottom: ${theme.borders.hairline} solid ${theme.colors.line};
`;

const SectionButton = styled.button`
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: space-between;
  padding: ${theme.space[4]} ${theme.space[1]};
  border: 0;
  background: transparent;
  color: ${theme.colors.ink};
  font-size: ${theme.fontSizes.md};
  font-weight: ${theme.fontWeights.semibold};
  text-align: left;

  &[aria-expanded="true"] svg {
    transform: rotate(180deg);
  }
`;

const SectionBody = styled.div`
  padding-bottom: ${theme.space[3]};
  &[hidden] {
    display: none;
  }
`;

const PlainLink = styled(Link)`
  display: block;
  padding: ${theme.space[4]} ${theme.space[1]};
  color: ${theme.colors.ink};
  font-weight: ${theme.fontWeights.semibold};
  text-decoration: none;
`;

const Actions = styled.div`
  display: grid;
  gap: ${theme.space[3]};
  margin-top: ${theme.space[5]};
`;
