/** Brand, site URL and outside links: the one place the product's name and public addresses are read. */

const env = (name: string, fallback: string): string => {
  const value = typeof process !== "undefined" ? process.env[name] : undefined;
  return value && value.trim() !== "" ? value.trim() : fallback;
};

const productName = env("GATSBY_PRODUCT_NAME", "Fingerprint");

export const site = {
  /** The product's display name, e.g. "Fingerprint". */
  productName,
  /** Lowercase-hyphen form used in routes such as /products/{product}-pro/. */
  productSlug: productName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, ""),
  /** Canonical origin of the production site, without a trailing slash. */
  url: env("GATSBY_SITE_URL", "https://fingerprint.com").replace(/\/$/, ""),
  title: `${productName}: device intelligence for fraud prevention`,
  description:
    "Identify every browser and mobile device that visits your site, with smart signals and bot detection that help fraud teams stop abuse without adding friction for real customers.",
  locale: "en",
  twitterHandle: "@fingerprint",
} as const;

export type Site = typeof site;
