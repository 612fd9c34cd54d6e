/** Every hand-written and content-generated route the site answers, with what each page is for. */
import { productProPath, withTrailingSlash } from "./paths";

export { withTrailingSlash };

export type RouteCategory =
  | "Homepage"
  | "Blog"
  | "Products"
  | "Case Studies"
  | "Solutions and Use Cases"
  | "About"
  | "Contact"
  | "Careers"
  | "Press"
  | "FAQ"
  | "Integrations and SDKs"
  | "Pricing"
  | "Demo"
  | "GitHub"
  | "System";

export interface RouteEntry {
  /** Canonical path, always with a trailing slash. */
  path: string;
  /** Analytics page category. */
  category: RouteCategory;
  /** Left out of the sitemap and marked noindex. */
  noindex?: boolean;
  /** Served by an application of its own (the CMS admin), not a site page: page checks skip it. */
  app?: string;
  /** What the page frames from another origin; only such a page gets a frame-src in its policy. */
  frames?: "application-form";
}

const r = (path: string, category: RouteCategory, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  path,
  category,
  ...extra,
});

/** Every route the site must answer (tests/fixtures/routes.txt lists them), plus its own extras (legal pages, variants). */
export const routes: readonly RouteEntry[] = [
  r("/", "Homepage"),
  r("/home-a/", "Homepage", { noindex: true }),
  r("/home-b/", "Homepage", { noindex: true }),
  r("/demo/", "Demo"),
  r("/demo-a/", "Demo", { noindex: true }),
  r("/demo-b/", "Demo", { noindex: true }),
  r("/pricing/", "Pricing"),
  r("/pricing-a/", "Pricing", { noindex: true }),
  r("/pricing-b/", "Pricing", { noindex: true }),
  r("/start/", "Demo"),
  r("/identify-now/", "Demo"),
  r("/identify-ato-now/", "Demo"),
  r("/risk-assessment/", "Contact"),
  r("/subscribe-newsletter/", "Contact"),
  r("/contact-sales/", "Contact"),
  r(productProPath, "Products"),
  r("/products/identification/", "Products"),
  r("/products/account-sharing-prevention/", "Products"),
  r("/products/bot-detection/", "Products"),
  r("/products/smart-signals/", "Products"),
  r("/mobile-app-detection/", "Products"),
  r("/mobile-app-detection/mobile-svg/", "Products"),
  r("/android-freemium/", "Products"),
  r("/use-cases/", "Solutions and Use Cases"),
  r("/payment-fraud/", "Solutions and Use Cases"),
  r("/payment-fraud/contact-sales/", "Contact"),
  r("/payment-fraud/get-started/", "Solutions and Use Cases"),
  r("/account-takeover/", "Solutions and Use Cases"),
  r("/prevent-account-takeover-fraud/", "Solutions and Use Cases"),
  r("/sms-fraud/", "Solutions and Use Cases"),
  r("/new-account-fraud-prevention/", "Solutions and Use Cases"),
  r("/returning-user-experience/", "Solutions and Use Cases"),
  r("/improve-conversion-rates/", "Solutions and Use Cases"),
  r("/paywall/", "Solutions and Use Cases"),
  r("/fintech/", "Solutions and Use Cases"),
  r("/e-commerce/", "Solutions and Use Cases"),
  r("/buy-now-pay-later/", "Solutions and Use Cases"),
  r("/gaming/", "Solutions and Use Cases"),
  r("/cryptocurrency/", "Solutions and Use Cases"),
  r("/integrations/", "Integrations and SDKs"),
  r("/sdk-libraries/", "Integrations and SDKs"),
  r("/github/", "GitHub"),
  r("/security/", "About"),
  r("/about-us/", "About"),
  r("/partners/", "About"),
  r("/support/", "Contact"),
  r("/careers/", "Careers"),
  r("/careers/jobs/", "Careers"),
  r("/careers/jobs/apply/", "Careers", { frames: "application-form" }),
  r("/resources/", "Blog"),
  r("/resources/frequently-asked-questions-faqs/", "FAQ"),
  r("/resources/press/", "Press"),
  r("/resources/cost-of-fintech-fraud/", "Blog"),
  r("/resources/comparisons/", "Blog"),
  r("/resources/comparisons/open-source-fingerprinting/", "Blog"),
  r("/resources/comparisons/ip-reputation-services/", "Blog"),
  r("/resources/comparisons/captcha-challenges/", "Blog"),
  r("/legal/privacy-policy/", "About"),
  r("/legal/terms-of-service/", "About"),
  r("/blog/", "Blog"),
  r("/blog/tag/tutorials/", "Blog"),
  r("/blog/tag/guides/", "Blog"),
  r("/case-studies/", "Case Studies"),
  r("/webinars/", "Blog"),
  r("/500/", "System", { noindex: true }),
  r("/admin/", "System", { noindex: true, app: "Decap CMS" }),
];

/**
 * Content-generated route families (src/gatsby/createPages.ts): one file in content/ makes one route.
 * Each names an example that the browser tests open with the same checks as the registry above.
 */
export const routeFamilies: ReadonlyArray<{
  pattern: string;
  category: RouteCategory;
  example: string;
  canonical?: string;
}> = [
  { pattern: "/blog/<n>/", category: "Blog", example: "/blog/2/" },
  {
    pattern: "/blog/<post>/",
    category: "Blog",
    example: "/blog/credential-stuffing-layered-defense/",
  },
  {
    pattern: "/blog/<post>-br/",
    category: "Blog",
    example: "/blog/geolocation-brazil-gambling-regulations-br/",
  },
  { pattern: "/blog/tag/<tag>/", category: "Blog", example: "/blog/tag/fraud-prevention/" },
  { pattern: "/blog/author/<author>/", category: "Blog", example: "/blog/author/maya-okafor/" },
  {
    pattern: "/blog/author/<author>/<tag>/",
    category: "Blog",
    example: "/blog/author/hannah-lindqvist/tutorials/",
    canonical: "/blog/author/hannah-lindqvist/",
  },
  {
    pattern: "/case-studies/<story>/",
    category: "Case Studies",
    example: "/case-studies/lumina-bank/",
  },
  {
    pattern: "/webinars/<webinar>/",
    category: "Blog",
    example: "/webinars/credential-stuffing-2025/",
  },
];

/** Looks up a route's analytics category; unknown paths (blog posts, tags) fall back by prefix. */
export function categoryFor(pathname: string): RouteCategory | undefined {
  const path = withTrailingSlash(pathname);
  const exact = routes.find((route) => route.path === path);
  if (exact) return exact.category;
  if (path.startsWith("/blog/")) return "Blog";
  if (path.startsWith("/case-studies/")) return "Case Studies";
  if (path.startsWith("/webinars/")) return "Blog";
  if (path.startsWith("/careers/")) return "Careers";
  if (path.startsWith("/resources/comparisons/")) return "Blog";
  return undefined;
}
