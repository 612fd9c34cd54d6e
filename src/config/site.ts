/** Brand, site URL and outside links: the one place the product's name and public addresses are read. */

const env = (value: string | undefined, fallback: string): string =>
  value && value.trim() !== "" ? value.trim() : fallback;

// Gatsby inlines process.env.GATSBY_* at build time only when written out literally like this.
const productName = env(process.env.GATSBY_PRODUCT_NAME, "Fingerprint");
const siteUrl = env(process.env.GATSBY_SITE_URL, "https://fingerprint.com").replace(/\/$/, "");
const appUrl = env(process.env.GATSBY_DASHBOARD_URL, "https://dashboard.fingerprint.com").replace(
  /\/$/,
  "",
);
const docsUrl = env(process.env.GATSBY_DOCS_URL, "https://docs.fingerprint.com").replace(/\/$/, "");
const demoHubUrl = env(process.env.GATSBY_DEMO_HUB_URL, "https://demo.fingerprint.com").replace(
  /\/$/,
  "",
);
// Where a prospect picks a time with sales (the team's scheduling page). Unset: no booking link is
// offered, rather than a link to a page that does not exist.
const salesCallUrl: string | null = process.env.GATSBY_SALES_CALL_URL?.trim() || null;

/** Lowercase-hyphen form of any text; the one slug rule used by routes and content. */
export function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export const site = {
  /** The product's display name, e.g. "Fingerprint". */
  productName,
  /** The product in URLs, e.g. its own page (productProPath in config/paths.ts). */
  productSlug: slug(productName),
  companyName: `${productName} Labs`,
  /** Canonical origin of the production site, without a trailing slash. */
  url: siteUrl,
  title: `${productName}: device intelligence for fraud prevention`,
  description:
    "Identify every browser and mobile device that visits your site, with smart signals and bot detection that help fraud teams stop abuse without adding friction for real customers.",
  locale: "en",
  /**
   * The site's time zone (IANA name): a date written without a zone in content means this wall clock, a
   * post dated in the future is published by the first build after that moment, and pages show dates and
   * times here. The CMS's date fields are edited in it too.
   */
  timeZone: "America/Chicago",
  twitterHandle: "@fingerprint",
  /** The domain of the team mailboxes below (`{emailDomain}` in content). */
  emailDomain: env(process.env.GATSBY_CONTACT_EMAIL_DOMAIN, "example.com"),
  /** Team mailboxes shown beside forms, for visitors who prefer email. */
  emails: {
    sales: `sales@${env(process.env.GATSBY_CONTACT_EMAIL_DOMAIN, "example.com")}`,
    support: `support@${env(process.env.GATSBY_CONTACT_EMAIL_DOMAIN, "example.com")}`,
    press: `press@${env(process.env.GATSBY_CONTACT_EMAIL_DOMAIN, "example.com")}`,
    partners: `partners@${env(process.env.GATSBY_CONTACT_EMAIL_DOMAIN, "example.com")}`,
    privacy: `privacy@${env(process.env.GATSBY_CONTACT_EMAIL_DOMAIN, "example.com")}`,
  },
  external: {
    login: `${appUrl}/login`,
    signup: `${appUrl}/signup`,
    docs: docsUrl,
    status: env(process.env.GATSBY_STATUS_PAGE_URL, "https://status.fingerprint.com"),
    community: env(process.env.GATSBY_COMMUNITY_URL, "https://discord.gg/fingerprint"),
    careersBoard: env(
      process.env.GATSBY_CAREERS_BOARD_URL,
      "https://job-boards.greenhouse.io/fingerprint",
    ),
    demoHub: demoHubUrl,
    /** Booking a call with sales, offered once a sales or demo request is in (null: not offered). */
    salesCall: salesCallUrl,
    social: {
      github: "https://github.com/fingerprintjs",
      linkedin: "https://www.linkedin.com/company/fingerprintjs",
      x: "https://x.com/fingerprintjs",
      youtube: "https://www.youtube.com/@fingerprintjs",
    },
  },
} as const;

export type Site = typeof site;
