/**
 * The shape of the site's navigation (the menu entry) and the links that stay in code: the header's
 * actions and the legal links. The menus, footer columns and social links are content that marketers edit
 * (content/settings/navigation.yml), read through src/hooks/useSiteNavigation.ts.
 */
import { site } from "./site";

/** Every icon a menu entry (or a feature) may name; the content schema offers exactly these. */
export const ICON_NAMES = [
  "book",
  "graduation",
  "package",
  "github",
  "chat",
  "fingerprint",
  "sparkles",
  "plug",
  "id",
  "phone",
  "bot",
  "library",
  "pen",
  "video",
  "help",
  "briefcase",
  "newspaper",
  "building",
  "people",
  "lifebuoy",
  "play",
  "browser",
  "grid",
  "bank",
  "cart",
  "wallet",
  "dice",
  "coin",
  "card",
  "lock",
  "message",
  "user-plus",
  "repeat",
  "users",
  "paywall",
  "arrow-right",
  "external",
  "check",
  "chevron-down",
  "menu",
  "close",
  "search",
  "shield",
  "gauge",
  "code",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** The icon sprite's symbol ids in a page are this prefix and the name: ids the page's own anchors never use. */
export const ICON_ID_PREFIX = "icon-";

/** One menu entry: title, url, isLocal, optional description, icon and useCasesLink. */
export interface MenuEntry {
  title: string;
  url: string;
  /** True for routes of this site (client-side navigation); false for other sites. */
  isLocal: boolean;
  description?: string;
  icon?: IconName;
  /** A secondary link to the use cases this entry serves. */
  useCasesLink?: string;
  /** A small count shown beside the title (the menu badge). */
  badge?: number;
}

/** The header's menus, in the order the header shows them; the content file can relabel and refill them. */
export const MENU_IDS = ["developers", "platform", "resources", "demo", "industries"] as const;

export interface Menu {
  id: (typeof MENU_IDS)[number];
  title: string;
  entries: MenuEntry[];
  /** Extra labelled groups shown beside the entries (the Platform menu's use cases). */
  groups?: MenuGroup[];
}

export interface MenuGroup {
  title: string;
  entries: MenuEntry[];
}

export interface FooterColumn {
  title: string;
  entries: MenuEntry[];
}

/** What the content file holds, as the header and footer use it. */
export interface Navigation {
  menus: Menu[];
  footerColumns: FooterColumn[];
  socialLinks: MenuEntry[];
}

/** The menu badge constant; it counts the SDKs and libraries listed on /sdk-libraries/. */
export const MENU_BADGE_COUNT = 14;

const local = (title: string, url: string, extra: Partial<MenuEntry> = {}): MenuEntry => ({
  title,
  url,
  isLocal: true,
  ...extra,
});
const external = (title: string, url: string, extra: Partial<MenuEntry> = {}): MenuEntry => ({
  title,
  url,
  isLocal: false,
  ...extra,
});

export const headerActions = {
  pricing: local("Pricing", "/pricing/"),
  login: external("Log in", site.external.login),
  contactSales: local("Contact sales", "/contact-sales/"),
  signup: external("Start free trial", site.external.signup),
} as const;

export const legalLinks: MenuEntry[] = [
  local("Privacy policy", "/legal/privacy-policy/"),
  local("Terms of service", "/legal/terms-of-service/"),
  local("Security", "/security/"),
];
