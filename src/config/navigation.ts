/** Header menus, use-case groups and footer columns: the menu entries of SPEC §2, modelled as SPEC §3 says. */
import { site } from "./site";

export type IconName =
  | "book"
  | "graduation"
  | "package"
  | "github"
  | "chat"
  | "fingerprint"
  | "sparkles"
  | "plug"
  | "id"
  | "phone"
  | "bot"
  | "library"
  | "pen"
  | "video"
  | "help"
  | "briefcase"
  | "newspaper"
  | "building"
  | "people"
  | "lifebuoy"
  | "play"
  | "browser"
  | "grid"
  | "bank"
  | "cart"
  | "wallet"
  | "dice"
  | "coin"
  | "card"
  | "lock"
  | "message"
  | "user-plus"
  | "repeat"
  | "users"
  | "paywall"
  | "arrow-right"
  | "external"
  | "check"
  | "chevron-down"
  | "menu"
  | "close"
  | "shield"
  | "gauge"
  | "code";

/** One menu entry (SPEC §3): title, url, isLocal, optional description, icon and useCasesLink. */
export interface MenuEntry {
  title: string;
  url: string;
  /** True for routes of this site (client-side navigation); false for other sites. */
  isLocal: boolean;
  description?: string;
  icon?: IconName;
  /** A secondary link to the use cases this entry serves. */
  useCasesLink?: string;
  /** A small count shown beside the title (SPEC §9's menu badge). */
  badge?: number;
}

export interface Menu {
  id: "developers" | "platform" | "resources" | "demo" | "industries";
  title: string;
  entries: MenuEntry[];
  /** Extra labelled groups shown beside the entries (the Platform menu's use cases). */
  groups?: MenuGroup[];
}

export interface MenuGroup {
  title: string;
  entries: MenuEntry[];
}

/** SPEC §9: the menu badge constant; it counts the SDKs and libraries listed on /sdk-libraries/. */
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

const demo = site.external.demoHub;

/** Use cases grouped as the spec's navigation groups them. */
export const useCaseGroups: MenuGroup[] = [
  {
    title: "Protect",
    entries: [
      local("Payment fraud", "/payment-fraud/", { icon: "card" }),
      local("Account takeover", "/account-takeover/", { icon: "lock" }),
      local("SMS fraud", "/sms-fraud/", { icon: "message" }),
      local("New account fraud", "/new-account-fraud-prevention/", { icon: "user-plus" }),
    ],
  },
  {
    title: "Grow",
    entries: [
      local("Returning user experience", "/returning-user-experience/", { icon: "repeat" }),
      local("Account sharing prevention", "/products/account-sharing-prevention/", {
        icon: "users",
      }),
      local("Paywall", "/paywall/", { icon: "paywall" }),
    ],
  },
];

/** The separate demo hub's use-case demos (footer and the Demo menu's "By Use Case"). */
export const demoHubLinks: MenuEntry[] = [
  external("Playground", `${demo}/playground`),
  external("Coupon fraud", `${demo}/coupon-fraud`),
  external("Credential stuffing", `${demo}/credential-stuffing`),
  external("Loan risk", `${demo}/loan-risk`),
  external("Payment fraud", `${demo}/payment-fraud`),
  external("Paywall", `${demo}/paywall`),
  external("Personalization", `${demo}/personalization`),
  external("Web scraping", `${demo}/web-scraping`),
];

export const menus: Menu[] = [
  {
    id: "developers",
    title: "Developers",
    entries: [
      external("Documentation", site.external.docs, {
        icon: "book",
        description: "Guides, API reference and quick starts",
      }),
      local("Tutorials", "/blog/tag/tutorials/", {
        icon: "graduation",
        description: "Step-by-step builds with working code",
      }),
      local("SDKs and Libraries", "/sdk-libraries/", {
        icon: "package",
        description: "Client and server SDKs for your stack",
        badge: MENU_BADGE_COUNT,
      }),
      local("GitHub", "/github/", {
        icon: "github",
        description: "Our open-source projects",
      }),
      external("Community chat", site.external.community, {
        icon: "chat",
        description: "Ask questions, share what you build",
      }),
    ],
  },
  {
    id: "platform",
    title: "Platform",
    entries: [
      local("Device Intelligence", `/products/${site.productSlug}-pro/`, {
        icon: "fingerprint",
        description: "Accurate, stable visitor identifiers",
      }),
      local("Smart Signals", "/products/smart-signals/", {
        icon: "sparkles",
        description: "VPN, tampering, emulator and more",
      }),
      local("Integrations", "/integrations/", {
        icon: "plug",
        description: "Connect to the tools you already use",
      }),
      local("Identification", "/products/identification/", {
        icon: "id",
        description: "Recognise returning browsers and devices",
        useCasesLink: "/use-cases/",
      }),
      local("Mobile Device Signals", "/mobile-app-detection/", {
        icon: "phone",
        description: "Identification for Android and iOS apps",
      }),
      local("Bot Detection", "/products/bot-detection/", {
        icon: "bot",
        description: "Tell automation from people in real time",
      }),
    ],
    groups: useCaseGroups,
  },
  {
    id: "resources",
    title: "Resources",
    entries: [
      local("Resources", "/resources/", {
        icon: "library",
        description: "Reports, guides and comparisons",
      }),
      local("Blog", "/blog/", { icon: "pen", description: "Fraud research and engineering notes" }),
      local("Webinars", "/webinars/", { icon: "video", description: "Live and recorded sessions" }),
      local("FAQ", "/resources/frequently-asked-questions-faqs/", {
        icon: "help",
        description: "Straight answers to common questions",
      }),
      local("Case Studies", "/case-studies/", {
        icon: "briefcase",
        description: "How teams put it to work",
      }),
      local("Press", "/resources/press/", { icon: "newspaper", description: "News and media kit" }),
      local("About Us", "/about-us/", { icon: "building", description: "Who we are and why" }),
      local("Careers", "/careers/", { icon: "people", description: "Join the team" }),
      local("Support", "/support/", { icon: "lifebuoy", description: "Get help from engineers" }),
    ],
  },
  {
    id: "demo",
    title: "Demo",
    entries: [
      external("Playground", `${demo}/playground`, {
        icon: "play",
        description: "See the signals your own browser sends",
      }),
      local(`Browser ${site.productName} Test`, "/demo/", {
        icon: "browser",
        description: "Get your visitor ID in one click",
      }),
      external("By Use Case", demo, {
        icon: "grid",
        description: "Fraud scenarios you can try yourself",
        useCasesLink: "/use-cases/",
      }),
    ],
  },
  {
    id: "industries",
    title: "Industries",
    entries: [
      local("Fintech", "/fintech/", { icon: "bank", description: "Banks, lenders and neobanks" }),
      local("E-commerce", "/e-commerce/", { icon: "cart", description: "Stores and marketplaces" }),
      local("BNPL", "/buy-now-pay-later/", { icon: "wallet", description: "Buy now, pay later" }),
      local("Online Gaming & Gambling", "/gaming/", {
        icon: "dice",
        description: "Bonus abuse and multi-accounting",
      }),
      local("Cryptocurrency", "/cryptocurrency/", {
        icon: "coin",
        description: "Exchanges and wallets",
      }),
    ],
  },
];

export const headerActions = {
  pricing: local("Pricing", "/pricing/"),
  login: external("Log in", site.external.login),
  contactSales: local("Contact sales", "/contact-sales/"),
  signup: external("Start free trial", site.external.signup),
} as const;

export interface FooterColumn {
  title: string;
  entries: MenuEntry[];
}

export const footerColumns: FooterColumn[] = [
  {
    title: "Platform",
    entries: [
      ...(menus.find((m) => m.id === "platform")?.entries ?? []),
      local("Pricing", "/pricing/"),
      local("Security", "/security/"),
    ],
  },
  {
    title: "Use cases",
    entries: [...useCaseGroups.flatMap((g) => g.entries), local("All use cases", "/use-cases/")],
  },
  { title: "Industries", entries: menus.find((m) => m.id === "industries")?.entries ?? [] },
  {
    title: "Company",
    entries: [
      local("About Us", "/about-us/"),
      local("Careers", "/careers/"),
      external("Careers board", site.external.careersBoard),
      local("Press", "/resources/press/"),
      local("Partners", "/partners/"),
      local("Contact sales", "/contact-sales/"),
      local("Support", "/support/"),
    ],
  },
  {
    title: "Developers",
    entries: [
      external("Documentation", site.external.docs),
      local("SDKs and Libraries", "/sdk-libraries/"),
      local("GitHub", "/github/"),
      external("Community chat", site.external.community),
      external("Status page", site.external.status),
      external("Dashboard login", site.external.login),
      external("Sign up", site.external.signup),
    ],
  },
  { title: "Demos", entries: demoHubLinks },
];

export const socialLinks: MenuEntry[] = [
  external("GitHub", site.external.social.github, { icon: "github" }),
  external("LinkedIn", site.external.social.linkedin),
  external("X", site.external.social.x),
  external("YouTube", site.external.social.youtube, { icon: "play" }),
];

export const legalLinks: MenuEntry[] = [
  local("Privacy policy", "/legal/privacy-policy/"),
  local("Terms of service", "/legal/terms-of-service/"),
  local("Security", "/security/"),
];
