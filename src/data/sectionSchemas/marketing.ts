/** Sections of the product and marketing pages: hero, facts, features, steps, quotes, code and calls to action. */
import { z } from "zod";
import {
  ctaSchema,
  filledAtBuild,
  href,
  iconName,
  illustrationNames,
  sectionHeading,
  sectionId,
  text,
} from "./fields";

export const heroSchema = z.strictObject({
  type: z.literal("Hero"),
  id: sectionId,
  ...sectionHeading.shape,
  lead: text(400),
  ctas: z.array(ctaSchema).max(3).default([]),
  note: text(160).optional(),
  visual: z.enum([...illustrationNames, "none"]).default("visitor-card"),
  tone: z.enum(["light", "dark"]).default("dark"),
});

export const statsSchema = z.strictObject({
  type: z.literal("Stats"),
  id: sectionId,
  title: text(140).optional(),
  items: z
    .array(z.strictObject({ value: text(16), label: text(120) }))
    .min(2)
    .max(6),
  footnote: text(300).optional(),
});

export const featureGridSchema = z.strictObject({
  type: z.literal("FeatureGrid"),
  id: sectionId,
  ...sectionHeading.shape,
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
  id: sectionId,
  ...sectionHeading.shape,
  items: z
    .array(z.strictObject({ title: text(80), body: text(400) }))
    .min(2)
    .max(6),
});

export const logoCloudSchema = z.strictObject({
  type: z.literal("LogoCloud"),
  id: sectionId,
  title: text(140),
  /** Fictional customers only: names are drawn as wordmarks, never real logos. */
  logos: z
    .array(z.strictObject({ name: text(40), industry: text(40) }))
    .min(3)
    .max(12),
});

export const testimonialSchema = z.strictObject({
  type: z.literal("Testimonial"),
  id: sectionId,
  quote: text(500),
  name: text(60),
  role: text(80),
  company: text(60),
  fictional: z.literal(true),
});

export const codeSampleSchema = z.strictObject({
  type: z.literal("CodeSample"),
  id: sectionId,
  ...sectionHeading.shape,
  points: z.array(text(160)).max(6).default([]),
  language: z.enum(["javascript", "typescript", "bash", "json", "kotlin", "swift", "python"]),
  filename: text(60).optional(),
  code: text(3000),
  /** Filled at build time from `code`. */
  html: filledAtBuild(),
  ctas: z.array(ctaSchema).max(2).default([]),
});

export const ctaBannerSchema = z.strictObject({
  type: z.literal("CtaBanner"),
  id: sectionId,
  title: text(140),
  lead: text(300).optional(),
  ctas: z.array(ctaSchema).min(1).max(2),
});

export const splitSchema = z.strictObject({
  type: z.literal("Split"),
  id: sectionId,
  ...sectionHeading.pick({ eyebrow: true, title: true }).shape,
  /** Markdown: paragraphs, **bold**, links and lists. */
  body: text(3000),
  /** Filled at build time from `body`. */
  html: filledAtBuild(),
  bullets: z.array(text(200)).max(8).default([]),
  visual: z.enum(illustrationNames),
  reverse: z.boolean().default(false),
  tone: z.enum(["light", "tinted", "dark"]).default("light"),
  ctas: z.array(ctaSchema).max(2).default([]),
});

export const faqListSchema = z.strictObject({
  type: z.literal("FaqList"),
  id: sectionId,
  title: text(140),
  lead: text(400).optional(),
  items: z
    .array(
      z.strictObject({ question: text(200), answer: text(2000), category: text(40).optional() }),
    )
    .min(1)
    .max(60),
});

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
