/** Site header: logo, the five menus as keyboard-operable disclosures, the site search, actions, and the phone menu. */
import * as React from "react";
import { headerActions } from "../../config/navigation";
import { site } from "../../config/site";
import { idleTime, whenSettled } from "../../runtime/afterLargestPaint";
import { useNavigation } from "../../hooks/useNavigation";
import { Button } from "../Button";
import { Icon } from "../Icon";
import { Logo } from "../Logo";
import { PhoneMenu } from "../PhoneMenu";
import { SearchControl } from "../SearchControl";
import { MenuPanel } from "./MenuPanel";
import {
  Actions,
  Bar,
  Chevron,
  DesktopNav,
  HomeLink,
  Inner,
  MenuButton,
  MenuList,
  PANEL_SELECTOR,
  PlainLink,
  PREPARED_ATTRIBUTE,
} from "./styles";
import { useMenus } from "./useMenus";

export function Header({ pathname }: { pathname: string }) {
  const { menus } = useNavigation();
  const menuProps = useMenus(pathname);
  const navRef = usePreparedPanels();

  // Opening a menu renders the header again: the parts that do not change with it are memoised, so their
  // links (each with its prefetch observer) are not rendered again inside the tap's frame.
  return (
    <Bar>
      <Inner>
        <Brand />
        <DesktopNav aria-label="Main" ref={navRef}>
          <MenuList role="list">
            {menus.map((menu) => {
              const { open, item, button } = menuProps(menu.id);
              return (
                <li key={menu.id} {...item}>
                  <MenuButton
                    type="button"
                    aria-expanded={open}
                    aria-controls={`menu-${menu.id}`}
                    {...button}
                  >
                    {menu.title}
                    <Chevron>
                      <Icon name="chevron-down" size={0.9} />
                    </Chevron>
                  </MenuButton>
                  <MenuPanel menu={menu} open={open} />
                </li>
              );
            })}
            <PricingItem current={pathname.startsWith("/pricing")} />
          </MenuList>
        </DesktopNav>
        <SearchControl pathname={pathname} />
        <HeaderActions />
        <PhoneMenu pathname={pathname} />
      </Inner>
    </Bar>
  );
}

/**
 * Once the page has settled (largest paint on screen, then idle time), marks the closed menus' panels prepared,
 * one per idle period, so each is laid out there, hidden (see Panel's styles), and not inside the tap that opens
 * it; one at a time, so no frame lays out all five (29 ms at 4x CPU together, 8-15 ms each). An attribute
 * set on the element, not state: nothing re-renders for it.
 */
function usePreparedPanels() {
  const ref = React.useRef<HTMLElement>(null);
  React.useEffect(() => {
    let cancelled = false;
    void (async () => {
      await whenSettled();
      const panels = ref.current?.querySelectorAll(PANEL_SELECTOR) ?? [];
      for (const panel of panels) {
        if (cancelled) return;
        panel.setAttribute(PREPARED_ATTRIBUTE, "");
        await idleTime();
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);
  return ref;
}

const Brand = React.memo(function Brand() {
  return (
    <HomeLink href="/" aria-label={`${site.productName} home`}>
      <Logo />
    </HomeLink>
  );
});

const PricingItem = React.memo(function PricingItem({ current }: { current: boolean }) {
  return (
    <li>
      <PlainLink href={headerActions.pricing.url} aria-current={current ? "page" : undefined}>
        {headerActions.pricing.title}
      </PlainLink>
    </li>
  );
});

const HeaderActions = React.memo(function HeaderActions() {
  return (
    <Actions>
      <PlainLink href={headerActions.login.url}>{headerActions.login.title}</PlainLink>
      <Button href={headerActions.contactSales.url} variant="secondary" data-cta="header">
        {headerActions.contactSales.title}
      </Button>
      <Button href={headerActions.signup.url} data-cta="header">
        {headerActions.signup.title}
      </Button>
    </Actions>
  );
});
