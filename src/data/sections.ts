/** The content contract for page sections: one zod schema per section shape, used to validate content at build time. */
import { z } from "zod";

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
  visual: z.enum(["visitor-card", "signals", "none"]).default("visitor-card"),
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
  ctas: z.array(ctaSchema).max(2).default([]),
});

export const ctaBannerSchema = z.strictObject({
  type: z.literal("CtaBanner"),
  id: z.string().optional(),
  title: text(140),
  lead: text(300).optional(),
  ctas: z.array(ctaSchema).min(1).max(2),
});

export const sectionSchema = z.discriminatedUnion("type", [
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
export type SectionContent = z.infer<typeof sectionSchema>;
export type MarketingPageContent = z.infer<typeof marketingPageSchema>;

/** Validates one page file's data; throws an Error naming the file and every problem. */
export function parseMarketingPage(data: unknown, source: string): MarketingPageContent {
  const result = marketingPageSchema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues
    .map((issue) => `  - ${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("\n");
  throw new Error(`Invalid page content in ${source}:\n${problems}`);
}
