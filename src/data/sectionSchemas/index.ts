/**
 * The content contract for marketing pages: one zod schema per section shape (in the files beside
 * this one), the page schema, and the check the build runs on every page file. These are data schemas;
 * the React sections that render them are in src/sections/.
 */
import { z } from "zod";
import { text } from "./fields";
import {
  identificationDemoSchema,
  jobBoardSchema,
  jobPostingSchema,
  openRolesSchema,
  serviceStatusSchema,
} from "./live";
import {
  codeSampleSchema,
  ctaBannerSchema,
  faqListSchema,
  featureGridSchema,
  heroSchema,
  logoCloudSchema,
  splitSchema,
  statsSchema,
  stepsSchema,
  testimonialSchema,
} from "./marketing";
import {
  comparisonTableSchema,
  formSectionSchema,
  priceEstimatorSchema,
  pricingTableSchema,
  resourceListSchema,
  richTextSchema,
} from "./offers";

export * from "./fields";
export * from "./live";
export * from "./marketing";
export * from "./offers";

export const sectionSchema = z.discriminatedUnion("type", [
  identificationDemoSchema,
  openRolesSchema,
  jobBoardSchema,
  jobPostingSchema,
  serviceStatusSchema,
  splitSchema,
  faqListSchema,
  pricingTableSchema,
  priceEstimatorSchema,
  comparisonTableSchema,
  richTextSchema,
  resourceListSchema,
  formSectionSchema,
  heroSchema,
  statsSchema,
  featureGridSchema,
  stepsSchema,
  logoCloudSchema,
  testimonialSchema,
  codeSampleSchema,
  ctaBannerSchema,
]);

export const marketingPageSchema = z.strictObject({
  path: z
    .string()
    .regex(/^\/([a-z0-9]+(-[a-z0-9]+)*\/)*$/, "path must be lowercase-hyphen segments ending in /"),
  title: text(70),
  seoTitle: text(70).optional(),
  description: text(170),
  /** The image shared on social networks instead of the card the build draws (a site path or https URL). */
  socialImage: z
    .string()
    .regex(/^(\/(?!\/)|https:\/\/)\S+$/, "must be a site path (/...) or an https:// URL")
    .optional(),
  noindex: z.boolean().default(false),
  /** A page for developers: it offers "Copy page" and "View as Markdown" at its top (src/components/CopyPage.tsx). */
  copyPage: z.boolean().default(false),
  /** Site path of the page search engines should index instead (for variants of another page). */
  canonical: z.string().regex(/^\//).optional(),
  /**
   * Marks this page as the treatment variant of another page: it is served at that page's path
   * (not its own) when the named experiment assigns "treatment".
   */
  variantOf: z.string().regex(/^\//).optional(),
  experiment: z.enum(["home", "pricing", "demo", "contact-sales"]).optional(),
  /** The kind of page this one is (a product, an industry, a use case…); decides its analytics category too. */
  template: z
    .enum([
      "static",
      "industry",
      "product",
      "use-case",
      "contact-sales-a",
      "contact-sales-b",
      "android-freemium",
      "comparison",
    ])
    .default("static"),
  sections: z.array(sectionSchema).min(1),
});

export type SectionContent = z.infer<typeof sectionSchema>;
export type MarketingPageContent = z.infer<typeof marketingPageSchema>;

/** Adds build-time HTML to the sections whose copy is markdown. */
export function withRenderedMarkdown(
  sections: SectionContent[],
  render: (markdown: string) => string,
): SectionContent[] {
  return sections.map((section) =>
    section.type === "RichText" || section.type === "Split"
      ? { ...section, html: render(section.body) }
      : section,
  );
}

/** Validates one page file's data; throws an Error naming the file and every problem. */
export function parseMarketingPage(data: unknown, source: string): MarketingPageContent {
  const result = marketingPageSchema
    .refine((page) => (page.variantOf === undefined) === (page.experiment === undefined), {
      message: "variantOf and experiment go together",
      path: ["variantOf"],
    })
    .safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues
    .map((issue) => `  - ${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("\n");
  throw new Error(`Invalid page content in ${source}:\n${problems}`);
}
