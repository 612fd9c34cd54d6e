/** Navigation content → the header's and footer's props: isLocal from the address, lenient for CMS previews. */
import {
  ICON_NAMES,
  MENU_IDS,
  type FooterColumn,
  type IconName,
  type Menu,
  type MenuEntry,
  type MenuGroup,
  type Navigation,
} from "../config/navigation";

type Raw = Record<string, unknown>;

const records = (value: unknown): Raw[] =>
  Array.isArray(value)
    ? value.filter((item): item is Raw => Boolean(item) && typeof item === "object")
    : [];
const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const isIcon = (value: unknown): value is IconName =>
  (ICON_NAMES as readonly unknown[]).includes(value);
const isMenuId = (value: unknown): value is Menu["id"] =>
  (MENU_IDS as readonly unknown[]).includes(value);

/** A path of this site is navigated client-side; anything else is another site. */
export const isLocalUrl = (url: string): boolean => url.startsWith("/") && !url.startsWith("//");

/** One entry; null while an editor has not yet given it a title and an address. */
export function toMenuEntry(raw: Raw): MenuEntry | null {
  const title = text(raw["title"]);
  const url = text(raw["url"]);
  if (!title || !url) return null;
  const description = text(raw["description"]);
  const useCasesLink = text(raw["useCasesLink"]);
  return {
    title,
    url,
    isLocal: isLocalUrl(url),
    ...(description ? { description } : {}),
    ...(isIcon(raw["icon"]) ? { icon: raw["icon"] } : {}),
    ...(useCasesLink ? { useCasesLink } : {}),
    ...(typeof raw["badge"] === "number" ? { badge: raw["badge"] } : {}),
  };
}

const entriesOf = (value: unknown): MenuEntry[] =>
  records(value).flatMap((raw) => toMenuEntry(raw) ?? []);

const titled = <T extends { title: string }>(raw: Raw, rest: Omit<T, "title">): T[] => {
  const title = text(raw["title"]);
  return title ? [{ title, ...rest } as T] : [];
};

/**
 * The navigation for the header and footer. The build hands it content its schema accepted; a CMS
 * preview hands it whatever the editor holds, so half-written parts are left out rather than failing.
 */
export function toNavigation(content: unknown): Navigation {
  const raw: Raw = content && typeof content === "object" ? (content as Raw) : {};
  const menus = records(raw["menus"]).flatMap((menu): Menu[] => {
    if (!isMenuId(menu["id"])) return [];
    const groups = records(menu["groups"]).flatMap((group) =>
      titled<MenuGroup>(group, { entries: entriesOf(group["entries"]) }),
    );
    return titled<Menu>(menu, {
      id: menu["id"],
      entries: entriesOf(menu["entries"]),
      ...(groups.length > 0 ? { groups } : {}),
    });
  });
  const footerColumns = records(raw["footerColumns"]).flatMap((column) =>
    titled<FooterColumn>(column, { entries: entriesOf(column["entries"]) }),
  );
  return { menus, footerColumns, socialLinks: entriesOf(raw["socialLinks"]) };
}
