/** Site header: logo, the five menus as keyboard-operable disclosures, actions, and the phone menu. */
import * as React from "react";
import styled, { css } from "styled-components";
import { headerActions, type Menu } from "../config/navigation";
import { useNavigation } from "../hooks/useNavigation";
import { media } from "../styles/media";
import { Button } from "./Button";
import { Container } from "./Container";
import { Icon } from "./Icon";
import { Link } from "./Link";
import { Logo } from "./Logo";
import { MenuEntryLink } from "./MenuEntryLink";
import { PhoneMenu } from "./PhoneMenu";

export function Header({ pathname }: { pathname: string }) {
  const { menus } = useNavigation();
  const [openId, setOpenId] = React.useState<Menu["id"] | null>(null);
  const buttonRefs = React.useRef(new Map<Menu["id"], HTMLButtonElement>());
  const closeTimer = React.useRef<number | undefined>(undefined);
  // A click that lands right after the pointer opened the menu by hovering must not close it again.
  const hoverOpenedAt = React.useRef(0);

  // A navigation closes whatever menu led to it.
  React.useEffect(() => setOpenId(null), [pathname]);

  // Clicking anywhere outside the navigation closes an open menu.
  React.useEffect(() => {
    if (openId === null) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      const item = buttonRefs.current.get(openId)?.closest("li");
      if (item && target && !item.contains(target)) setOpenId(null);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [openId]);

  const closeAndFocus = (id: Menu["id"]) => {
    setOpenId(null);
    buttonRefs.current.get(id)?.focus();
  };

  const onItemKeyDown = (id: Menu["id"]) => (event: React.KeyboardEvent<HTMLLIElement>) => {
    if (event.key === "Escape" && openId === id) {
      event.stopPropagation();
      closeAndFocus(id);
    }
  };

  const onButtonKeyDown = (id: Menu["id"]) => (event: React.KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpenId(id);
      // The panel renders on the next frame; focus its first link then.
      window.requestAnimationFrame(() => {
        document.querySelector<HTMLAnchorElement>(`#menu-${id} a`)?.focus();
      });
    }
  };

  const onItemBlur = (id: Menu["id"]) => (event: React.FocusEvent<HTMLLIElement>) => {
    const next = event.relatedTarget as Node | null;
    if (openId === id && next && !event.currentTarget.contains(next)) setOpenId(null);
  };

  const hoverOpen = (id: Menu["id"]) => () => {
    window.clearTimeout(closeTimer.current);
    if (window.matchMedia("(hover: hover) and (pointer: fine)").matches && openId !== id) {
      hoverOpenedAt.current = Date.now();
      setOpenId(id);
    }
  };
  const hoverClose = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpenId(null), 150);
  };

  return (
    <Bar>
      <Inner>
        <HomeLink href="/" aria-label="Home">
          <Logo />
        </HomeLink>
        <DesktopNav aria-label="Main">
          <MenuList role="list">
            {menus.map((menu) => {
              const open = openId === menu.id;
              return (
                <li
                  key={menu.id}
                  onKeyDown={onItemKeyDown(menu.id)}
                  onBlur={onItemBlur(menu.id)}
                  onMouseEnter={hoverOpen(menu.id)}
                  onMouseLeave={hoverClose}
                >
                  <MenuButton
                    type="button"
                    aria-expanded={open}
                    aria-controls={`menu-${menu.id}`}
                    onClick={() => {
                      if (open && Date.now() - hoverOpenedAt.current < 400) return;
                      setOpenId(open ? null : menu.id);
                    }}
                    onKeyDown={onButtonKeyDown(menu.id)}
                    ref={(el) => {
                      if (el) buttonRefs.current.set(menu.id, el);
                    }}
                  >
                    {menu.title}
                    <Chevron $open={open}>
                      <Icon name="chevron-down" size={0.9} />
                    </Chevron>
                  </MenuButton>
                  <Panel id={`menu-${menu.id}`} hidden={!open} $wide={Boolean(menu.groups)}>
                    <PanelEntries role="list" $columns={menu.entries.length > 5 ? 2 : 1}>
                      {menu.entries.map((entry) => (
                        <li key={entry.title}>
                          <MenuEntryLink entry={entry} />
                        </li>
                      ))}
                    </PanelEntries>
                    {menu.groups ? (
                      <Groups>
                        {menu.groups.map((group) => (
                          <div key={group.title}>
                            <GroupTitle id={`menu-${menu.id}-${group.title.toLowerCase()}`}>
                              {group.title}
                            </GroupTitle>
                            <ul
                              role="list"
                              aria-labelledby={`menu-${menu.id}-${group.title.toLowerCase()}`}
                            >
                              {group.entries.map((entry) => (
                                <li key={entry.title}>
                                  <MenuEntryLink entry={entry} compact />
                                </li>
                              ))}
                            </ul>
                          </div>
                        ))}
                        <AllLink href="/use-cases/">
                          All use cases <Icon name="arrow-right" size={0.9} />
                        </AllLink>
                      </Groups>
                    ) : null}
                  </Panel>
                </li>
              );
            })}
            <li>
              <PlainLink
                href={headerActions.pricing.url}
                aria-current={pathname.startsWith("/pricing") ? "page" : undefined}
              >
                {headerActions.pricing.title}
              </PlainLink>
            </li>
          </MenuList>
        </DesktopNav>
        <Actions>
          <PlainLink href={headerActions.login.url}>{headerActions.login.title}</PlainLink>
          <Button href={headerActions.contactSales.url} variant="secondary" data-cta="header">
            {headerActions.contactSales.title}
          </Button>
          <Button href={headerActions.signup.url} data-cta="header">
            {headerActions.signup.title}
          </Button>
        </Actions>
        <PhoneMenu pathname={pathname} />
      </Inner>
    </Bar>
  );
}

// The frosted background sits on a pseudo-element: a backdrop-filter on the header itself would make it
// the containing block of the phone menu's fixed panel, which would then be cut to the header's height.
const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.header};
  border-bottom: ${({ theme }) => theme.borders.hairline} solid ${({ theme }) => theme.colors.line};

  &::before {
    content: "";
    position: absolute;
    inset: 0;
    z-index: -1;
    background: ${({ theme }) => theme.colors.glass};
    backdrop-filter: saturate(1.4) blur(8px);
  }
`;

const Inner = styled(Container)`
  max-width: ${({ theme }) => theme.sizes.wide};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[5]};
  height: ${({ theme }) => theme.sizes.header};
`;

const HomeLink = styled(Link)`
  display: inline-flex;
  flex: none;
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radii.sm};
`;

// The full menus need about 1200px beside the logo and the three actions; narrower screens (tablets,
// small laptops) get the same menus behind the toggle.
const DesktopNav = styled.nav`
  display: none;
  ${media.up("xl")} {
    display: block;
  }
`;

const MenuList = styled.ul`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};

  > li {
    position: relative;
  }
`;

const menuTrigger = css`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[2]}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.ink};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.ink};
  }
`;

const MenuButton = styled.button`
  ${menuTrigger}
`;

const PlainLink = styled(Link)`
  ${menuTrigger}
  white-space: nowrap;
`;

const Chevron = styled.span<{ $open: boolean }>`
  display: inline-flex;
  transition: transform ${({ theme }) => theme.durations.fast};
  transform: rotate(${({ $open }) => ($open ? "180deg" : "0deg")});
`;

const Panel = styled.div<{ $wide: boolean }>`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.space[2]});
  left: 0;
  display: flex;
  gap: ${({ theme }) => theme.space[5]};
  width: max-content;
  max-width: min(${({ $wide }) => ($wide ? "860px" : "620px")}, 90vw);
  padding: ${({ theme }) => theme.space[4]};
  border: ${({ theme }) => theme.borders.hairline} solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};

  &[hidden] {
    display: none;
  }

  /* Bridges the gap under the button so moving the pointer down keeps the menu open. */
  &::before {
    content: "";
    position: absolute;
    inset: -${({ theme }) => theme.space[3]} 0 auto 0;
    height: ${({ theme }) => theme.space[3]};
  }
`;

const PanelEntries = styled.ul<{ $columns: 1 | 2 }>`
  display: grid;
  grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(15rem, 1fr));
  gap: ${({ theme }) => theme.space[1]};
  align-content: start;
`;

const Groups = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(12rem, 1fr));
  gap: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  align-content: start;
  padding-left: ${({ theme }) => theme.space[5]};
  border-left: ${({ theme }) => theme.borders.hairline} solid ${({ theme }) => theme.colors.line};
`;

const GroupTitle = styled.p`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[2]} ${theme.space[1]}`};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.muted};
`;

const AllLink = styled(Link)`
  grid-column: 1 / -1;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  padding: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-decoration: none;
`;

const Actions = styled.div`
  display: none;
  flex: none;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-left: auto;

  ${media.up("xl")} {
    display: flex;
  }
`;
