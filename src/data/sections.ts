/** The content contract for page sections: one zod schema per section shape, used to validate content at build time. */
import { z } from "zod";
import { formIds } from "../forms/schemas";

/** Illustrations drawn in code (src/sections/Illustration.tsx); content picks one by name. */
export const illustrationNames = [
  "visitor-card",
  "signals",
  "bot-gauge",
  "device-graph",
  "timeline",
  "phone",
  "shield",
  "map",
  "code-flow",
  "paywall",
] as const;

const iconName = z.string().min(1).max(40);
const href = z
  .string()
  .min(1)
  .max(500)
  .refine((value) => value.startsWith("/") || value.startsWith("#") || /^https:\/\//.test(value), {
    message: "links must be site paths (/...), anchors (#...) or https:// URLs",
  });

export const ctaSchema = z.strictObject({
  label: z.string().min(1).max(60),
  href,
  variant: z.enum(["primary", "secondary", "ghost", "inverse"]).optional(),
});

const text = (max: number) => z.string().min(1).max(max);

export const heroSchema = z.strictObject({
  type: z.literal("Hero"),
  id: z.string().optional(),
  eyebrow: text(80).optional(),
  title: text(140),
  lead: text(400),
  ctas: z.array(ctaSchema).max(3).default([]),
  note: text(160).optional(),
  visual: z.enum([...illustrationNames, "none"]).default("visitor-card"),
  tone: z.enum(["light", "dark"]).default("dark"),
});

export const statsSchema = z.strictObject({
  type: z.literal("Stats"),
  id: z.string().optional(),
  title: text(140).optional(),
  items: z
    .array(z.strictObject({ value: text(16), label: text(120) }))
    .min(2)
    .max(6),
  footnote: text(300).optional(),
});

export const featureGridSchema = z.strictObject({
  type: z.literal("FeatureGrid"),
  id: z.string().optional(),
  eyebrow: text(80).optional(),
  title: text(140),
  lead: text(400).optional(),
  columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(3),
  tone: z.enum(["light", "tinted", "dark"]).default("light"),
  items: z
    .array(
      z.strictObject({
        icon: iconName.optional(),
        title: text(80),
        body: text(400),
        href: href.optional(),
        linkLabel: text(40).optional(),
        group: text(40).optional(),
      }),
    )
    .min(1)
    .max(12),
});

export const stepsSchema = z.strictObject({
  type: z.literal("Steps"),
  id: z.string().optional(),
  eyebrow: text(80).optional(),
  title: text(140),
  lead: text(400).optional(),
  items: z
    .array(z.strictObject({ title: text(80), body: text(400) }))
    .min(2)
    .max(6),
});

export const logoCloudSchema = z.strictObject({
  type: z.literal("LogoCloud"),
  id: z.string().optional(),
  title: text(140),
  /** Fictional customers only: names are drawn as wordmarks, never real logos. */
  logos: z
    .array(z.strictObject({ name: text(40), industry: text(40) }))
    .min(3)
    .max(12),
});

export const testimonialSchema = z.strictObject({
  type: z.literal("Testimonial"),
  id: z.string().optional(),
  quote: text(500),
  name: text(60),
  role: text(80),
  company: text(60),
  fictional: z.literal(true),
});

export const codeSampleSchema = z.strictObject({
  type: z.literal("CodeSample"),
  id: z.string().optional(),
  eyebrow: text(80).optional(),
  title: text(140),
  lead: text(400).optional(),
  points: z.array(text(160)).max(6).default([]),
  language: z.enum(["javascript", "typescript", "bash", "json", "kotlin", "swift", "python"]),
  filename: text(60).optional(),
  code: text(3000),
  /** Filled at build time from `code` (Prism markup); never written by hand. */
  html: z.string().optional(),
  ctas: z.array(ctaSchema).max(2).default([]),
});

export const ctaBannerSchema = z.strictObject({
  type: z.literal("CtaBanner"),
  id: z.string().optional(),
  title: text(140),
  lead: text(300).optional(),
  ctas: z.array(ctaSchema).min(1).max(2),
});

export const splitSchema = z.strictObject({
  type: z.literal("Split"),
  id: z.string().optional(),
  eyebrow: text(80).optional(),
  title: text(140),
  /** Markdown: paragraphs, **bold**, links and lists. */
  body: text(3000),
  /** Filled at build time from `body`; never written by hand. */
  html: z.string().optional(),
  bullets: z.array(text(200)).max(8).default([]),
  visual: z.enum(illustrationNames),
  reverse: z.boolean().default(false),
  tone: z.enum(["light", "tinted", "dark"]).default("light"),
  ctas: z.array(ctaSchema).max(2).default([]),
});

export const faqListSchema = z.strictObject({
  type: z.literal("FaqList"),
  id: z.string().optional(),
  title: text(140),
  lead: text(400).optional(),
  items: z
    .array(
      z.strictObject({ question: text(200), answer: text(2000), category: text(40).optional() }),
    )
    .min(1)
    .max(60),
});

export const pricingTableSchema = z.strictObject({
  type: z.literal("PricingTable"),
  id: z.string().optional(),
  eyebrow: text(80).optional(),
  title: text(140),
  lead: text(400).optional(),
  plans: z
    .array(
      z.strictObject({
        name: text(40),
        price: text(30),
        period: text(40).optional(),
        description: text(240),
        features: z.array(text(120)).min(1).max(12),
        cta: ctaSchema,
        highlighted: z.boolean().default(false),
      }),
    )
    .min(1)
    .max(4),
  note: text(300).optional(),
});

export const priceEstimatorSchema = z.strictObject({
  type: z.literal("PriceEstimator"),
  id: z.string().optional(),
  title: text(140),
  lead: text(400).optional(),
  unit: text(40),
  /** Monthly volume included before usage pricing starts. */
  included: z.number().int().min(0),
  basePrice: z.number().min(0),
  /** Price per 1,000 units above `included`, by tier; the last tier has no upper bound. */
  tiers: z
    .array(
      z.strictObject({
        upTo: z.number().int().positive().nullable(),
        pricePerThousand: z.number().min(0),
      }),
    )
    .min(1)
    .max(6),
  min: z.number().int().min(0),
  max: z.number().int().positive(),
  step: z.number().int().positive(),
  initial: z.number().int().min(0),
  currency: z.enum(["USD", "EUR"]).default("USD"),
  customAbove: z.number().int().positive().optional(),
  note: text(300).optional(),
});

const comparisonCell = z.union([z.boolean(), text(80)]);

export const comparisonTableSchema = z.strictObject({
  type: z.literal("ComparisonTable"),
  id: z.string().optional(),
  title: text(140),
  lead: text(400).optional(),
  columns: z.array(text(40)).min(2).max(4),
  rows: z
    .array(
      z.strictObject({
        feature: text(120),
        values: z.array(comparisonCell).min(2).max(4),
        note: text(240).optional(),
      }),
    )
    .min(1)
    .max(40),
  footnote: text(400).optional(),
});

export const richTextSchema = z.strictObject({
  type: z.literal("RichText"),
  id: z.string().optional(),
  title: text(140).optional(),
  /** Markdown, rendered to HTML at build time. */
  body: text(40000),
  /** Filled at build time from `body`; never written by hand. */
  html: z.string().optional(),
});

export const resourceListSchema = z.strictObject({
  type: z.literal("ResourceList"),
  id: z.string().optional(),
  eyebrow: text(80).optional(),
  title: text(140),
  lead: text(400).optional(),
  items: z
    .array(
      z.strictObject({
        title: text(160),
        meta: text(80).optional(),
        body: text(400).optional(),
        href,
        linkLabel: text(40).optional(),
        tags: z.array(text(30)).max(5).default([]),
      }),
    )
    .min(1)
    .max(60),
});

export { formIds };

export const formSectionSchema = z.strictObject({
  type: z.literal("FormSection"),
  id: z.string().optional(),
  eyebrow: text(80).optional(),
  title: text(140),
  lead: text(600).optional(),
  form: z.enum(formIds),
  /** A page-specific variant of the form: the contact-sales single-pane test or the risk assessment. */
  variant: z.enum(["single-pane-test", "risk-assessment"]).optional(),
  /** Short reasons to fill in the form, shown beside it. */
  points: z.array(text(200)).max(6).default([]),
  /** Where to write instead, for visitors who prefer email. */
  email: z.email().optional(),
});

/** Live open roles from the job board, newest first, with a link to the full list. */
export const openRolesSchema = z.strictObject({
  type: z.literal("OpenRoles"),
  id: z.string().optional(),
  eyebrow: text(80).optional(),
  title: text(140),
  lead: text(400).optional(),
  limit: z.number().int().min(1).max(12).default(4),
  linkLabel: text(60).default("See all open roles"),
});

/** Every open role, grouped by department, with department and location filters kept in the URL. */
export const jobBoardSchema = z.strictObject({
  type: z.literal("JobBoard"),
  id: z.string().optional(),
  eyebrow: text(80).optional(),
  title: text(140),
  lead: text(400).optional(),
});

/** One role from ?gh_jid=: description and the hosted application form. */
export const jobPostingSchema = z.strictObject({
  type: z.literal("JobPosting"),
  id: z.string().optional(),
  applyTitle: text(80),
  applyLead: text(300).optional(),
  /** Shown instead of the form for the sample board, whose roles cannot be applied for. */
  sampleNote: text(400),
});

/** The product's live service status with a link to the status page; hidden when no API is configured. */
export const serviceStatusSchema = z.strictObject({
  type: z.literal("ServiceStatus"),
  id: z.string().optional(),
  title: text(140),
  lead: text(300).optional(),
});

/** The live identification demo: the visitor's own browser, identified on the page (after consent). */
export const identificationDemoSchema = z.strictObject({
  type: z.literal("IdentificationDemo"),
  id: z.string().optional(),
  eyebrow: text(80).optional(),
  title: text(140),
  lead: text(400).optional(),
});

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
  noindex: z.boolean().default(false),
  /** Site path of the page search engines should index instead (for variants of another page). */
  canonical: z.string().regex(/^\//).optional(),
  /**
   * Marks this page as the treatment variant of another page: it is served at that page's path
   * (not its own) when the named experiment assigns "treatment".
   */
  variantOf: z.string().regex(/^\//).optional(),
  experiment: z.enum(["home", "pricing", "demo", "contact-sales"]).optional(),
  /** The spec's template this page is generated from; decides its analytics category too. */
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

export type Cta = z.infer<typeof ctaSchema>;
export type HeroContent = z.infer<typeof heroSchema>;
export type StatsContent = z.infer<typeof statsSchema>;
export type FeatureGridContent = z.infer<typeof featureGridSchema>;
export type StepsContent = z.infer<typeof stepsSchema>;
export type LogoCloudContent = z.infer<typeof logoCloudSchema>;
export type TestimonialContent = z.infer<typeof testimonialSchema>;
export type CodeSampleContent = z.infer<typeof codeSampleSchema>;
export type CtaBannerContent = z.infer<typeof ctaBannerSchema>;
export type SplitContent = z.infer<typeof splitSchema>;
export type FaqListContent = z.infer<typeof faqListSchema>;
export type PricingTableContent = z.infer<typeof pricingTableSchema>;
export type PriceEstimatorContent = z.infer<typeof priceEstimatorSchema>;
export type ComparisonTableContent = z.infer<typeof comparisonTableSchema>;
export type RichTextContent = z.infer<typeof richTextSchema>;
export type ResourceListContent = z.infer<typeof resourceListSchema>;
export type FormSectionContent = z.infer<typeof formSectionSchema>;
export type { FormId } from "../forms/schemas";
export type OpenRolesContent = z.infer<typeof openRolesSchema>;
export type JobBoardContent = z.infer<typeof jobBoardSchema>;
export type JobPostingContent = z.infer<typeof jobPostingSchema>;
export type ServiceStatusContent = z.infer<typeof serviceStatusSchema>;
export type IdentificationDemoContent = z.infer<typeof identificationDemoSchema>;
export type IllustrationName = (typeof illustrationNames)[number];
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
