/** One header menu's panel: its entries, and for a menu with groups (use cases) the grouped links. */
import * as React from "react";
import type { Menu } from "../../config/navigation";
import { Icon } from "../Icon";
import { MenuEntryLink } from "../MenuEntryLink";
import { AllLink, Groups, GroupTitle, Panel, PanelEntries } from "./styles";

/**
 * Opening a menu changes only `open`: the panel element takes the new `hidden`, and its entries (memoised on
 * the menu alone) are not rendered again: rendering them again re-ran every entry's Gatsby link (its prefetch
 * observer included) inside the tap's frame (tests/unit/components/headerRenders.test.tsx counts them).
 */
export const MenuPanel = React.memo(function MenuPanel({
  menu,
  open,
}: {
  menu: Menu;
  open: boolean;
}) {
  return (
    <Panel id={`menu-${menu.id}`} hidden={!open} $wide={Boolean(menu.groups)} data-menu-panel="">
      <PanelContent menu={menu} />
    </Panel>
  );
});

const PanelContent = React.memo(function PanelContent({ menu }: { menu: Menu }) {
  return (
    <>
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
              <ul role="list" aria-labelledby={`menu-${menu.id}-${group.title.toLowerCase()}`}>
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
    </>
  );
});
