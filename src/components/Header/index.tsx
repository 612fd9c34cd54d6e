/** Site header: logo, the five menus as keyboard-operable disclosures, actions, and the phone menu. */
import * as React from "react";
import { headerActions } from "../../config/navigation";
import { site } from "../../config/site";
import { useNavigation } from "../../hooks/useNavigation";
import { Button } from "../Button";
import { Icon } from "../Icon";
import { Logo } from "../Logo";
import { PhoneMenu } from "../PhoneMenu";
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
  PlainLink,
} from "./styles";
import { useMenus } from "./useMenus";

export function Header({ pathname }: { pathname: string }) {
  const { menus } = useNavigation();
  const menuProps = useMenus(pathname);

  return (
    <Bar>
      <Inner>
        <HomeLink href="/" aria-label={`${site.productName} home`}>
          <Logo />
        </HomeLink>
        <DesktopNav aria-label="Main">
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
