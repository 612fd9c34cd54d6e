/** Sections that sell and inform: pricing, comparisons, long copy, resource lists and forms. */
import { z } from "zod";
import { formIds } from "../../leads/forms";
import { ctaSchema, filledAtBuild, href, sectionHeading, sectionId, text } from "./fields";

export const pricingTableSchema = z.strictObject({
  type: z.literal("PricingTable"),
  id: sectionId,
  ...sectionHeading.shape,
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
  id: sectionId,
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
  id: sectionId,
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
  id: sectionId,
  title: text(140).optional(),
  /** Markdown, rendered to HTML at build time. */
  body: text(40000),
  /** Filled at build time from `body`. */
  html: filledAtBuild(),
});

export const resourceListSchema = z.strictObject({
  type: z.literal("ResourceList"),
  id: sectionId,
  ...sectionHeading.shape,
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

export const formSectionSchema = z.strictObject({
  type: z.literal("FormSection"),
  id: sectionId,
  ...sectionHeading.shape,
  lead: text(600).optional(),
  form: z.enum(formIds),
  /** A page-specific variant of the form: the contact-sales single-pane test or the risk assessment. */
  variant: z.enum(["single-pane-test", "risk-assessment"]).optional(),
  /** Short reasons to fill in the form, shown beside it. */
  points: z.array(text(200)).max(6).default([]),
  /** Where to write instead, for visitors who prefer email. */
  email: z.email().optional(),
});

export type PricingTableContent = z.infer<typeof pricingTableSchema>;
export type PriceEstimatorContent = z.infer<typeof priceEstimatorSchema>;
export type ComparisonTableContent = z.infer<typeof comparisonTableSchema>;
export type RichTextContent = z.infer<typeof richTextSchema>;
export type ResourceListContent = z.infer<typeof resourceListSchema>;
export type FormSectionContent = z.infer<typeof formSectionSchema>;
