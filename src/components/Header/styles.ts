/** The header's styles. */
import styled, { css } from "styled-components";
import { media } from "../../styles/media";
import { Container } from "../Container";
import { Link } from "../Link";
import { theme } from "../../styles/theme";

// An opaque header, painted on its own: a frosted one (a backdrop blur under a 96% white) looked the same, but
// the compositor blurred what lies under the header again for every frame that touched it, and a menu's panel
// opening below it took 5 to 7 ms longer to reach the screen at a phone's speed (the interaction benchmark,
// docs/performance.md).
export const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${theme.zIndices.header};
  border-bottom: ${theme.borders.hairline} solid ${theme.colors.line};
  background: ${theme.colors.surface};
`;

// On wide screens the row holds the logo, the menus, the search and three actions: at 1280 px they fit only with
// the narrower gaps and side padding (the header's browser test checks that nothing leaves the screen).
export const Inner = styled(Container)`
  max-width: ${theme.sizes.wide};
  display: flex;
  align-items: center;
  gap: ${theme.space[5]};
  height: ${theme.sizes.header};

  /* At 320 px the logo, search and menu toggle fill the row: narrower gaps keep the container's padding. */
  ${media.down("sm")} {
    gap: ${theme.space[3]};
  }

  ${media.up("xl")} {
    gap: ${theme.space[3]};
    padding-inline: ${theme.space[5]};
  }
`;

export const HomeLink = styled(Link)`
  display: inline-flex;
  flex: none;
  text-decoration: none;
  border-radius: ${theme.radii.sm};
`;

// The full menus need about 1200px beside the logo and the three actions; narrower screens (tablets,
// small laptops) get the same menus behind the toggle.
export const DesktopNav = styled.nav`
  display: none;
  ${media.up("xl")} {
    display: block;
  }
`;

export const MenuList = styled.ul`
  display: flex;
  align-items: center;
  gap: ${theme.space[1]};

  > li {
    position: relative;
  }
`;

const menuTrigger = css`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[1]};
  padding: ${theme.space[2]} ${theme.space[2]};
  border: 0;
  border-radius: ${theme.radii.sm};
  background: transparent;
  color: ${theme.colors.ink};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  text-decoration: none;

  &:hover {
    background: ${theme.colors.surfaceAlt};
    color: ${theme.colors.ink};
  }
`;

export const MenuButton = styled.button`
  ${menuTrigger}
`;

export const PlainLink = styled(Link)`
  ${menuTrigger}
  white-space: nowrap;
`;

// Turned by the button's own aria-expanded, in static CSS: a prop would make styled-components insert a new
// rule on the first open, and a new rule makes the browser restyle the whole page inside that tap's frame.
export const Chevron = styled.span`
  display: inline-flex;
  transition: transform ${theme.durations.fast};

  [aria-expanded="true"] > & {
    transform: rotate(180deg);
  }
`;

/** The menus' panels (MenuPanel marks each with data-menu-panel), and the mark of a prepared one. */
export const PANEL_SELECTOR = "[data-menu-panel]";
export const PREPARED_ATTRIBUTE = "data-prepared";

export const Panel = styled.div<{ $wide: boolean }>`
  position: absolute;
  top: calc(100% + ${theme.space[2]});
  left: 0;
  display: flex;
  gap: ${theme.space[5]};
  width: max-content;
  max-width: min(${({ $wide }) => ($wide ? "860px" : "620px")}, 90vw);
  padding: ${theme.space[4]};
  border: ${theme.borders.hairline} solid ${theme.colors.line};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  /* The medium shadow: the large one's 48 px blur was rastered again around the whole panel as it opened. */
  box-shadow: ${theme.shadows.md};

  &[hidden] {
    display: none;
  }

  /*
   * Once prepared (Header's usePreparedPanels, after the page has settled), a closed panel keeps its boxes:
   * laid out, but invisible (out of the accessibility tree and the tab order, not hit by the pointer) and moved
   * far above the page, where its links' prefetch observers do not see it. Opening one then makes it visible
   * and moves it back: its elements take the new visibility, and none of them is laid out inside the tap.
   */
  &[hidden][${PREPARED_ATTRIBUTE}] {
    display: flex;
    visibility: hidden;
    transform: translateY(-200vh);
  }

  /* Bridges the gap under the button so moving the pointer down keeps the menu open. */
  &::before {
    content: "";
    position: absolute;
    inset: -${theme.space[3]} 0 auto 0;
    height: ${theme.space[3]};
  }
`;

export const PanelEntries = styled.ul<{ $columns: 1 | 2 }>`
  display: grid;
  grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(13rem, 1fr));
  gap: ${theme.space[1]};
  align-content: start;
`;

// Minimums low enough that a wide panel (entries and use cases) fits its 860 px: with 15rem entry and 12rem
// use-case columns the second use-case column ran past the panel's right edge (the header menus' browser test
// measures every panel at the narrowest desktop width, 1280 px).
export const Groups = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(9rem, 1fr));
  gap: ${theme.space[2]} ${theme.space[4]};
  align-content: start;
  padding-left: ${theme.space[5]};
  border-left: ${theme.borders.hairline} solid ${theme.colors.line};
`;

export const GroupTitle = styled.p`
  padding: ${theme.space[2]} ${theme.space[2]} ${theme.space[1]};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.semibold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${theme.colors.muted};
`;

export const AllLink = styled(Link)`
  grid-column: 1 / -1;
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[1]};
  padding: ${theme.space[2]};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  text-decoration: none;
`;

export const Actions = styled.div`
  display: none;
  flex: none;
  align-items: center;
  gap: ${theme.space[2]};

  ${media.up("xl")} {
    display: flex;
  }
`;
