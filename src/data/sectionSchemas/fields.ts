/** The pieces the section schemas share: text limits, links, calls to action and the heading block. */
import { z } from "zod";

/** Illustrations drawn in code (src/sections/Illustration/); content picks one by name. */
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

export const iconName = z.string().min(1).max(40);

export const href = z
  .string()
  .min(1)
  .max(500)
  .refine((value) => value.startsWith("/") || value.startsWith("#") || /^https:\/\//.test(value), {
    message: "links must be site paths (/...), anchors (#...) or https:// URLs",
  });

export const text = (max: number) => z.string().min(1).max(max);

const filledAtBuildSchemas = new WeakSet<object>();

/**
 * A field the build fills (HTML rendered from markdown or code), never written by hand: the content files
 * leave it out, and the CMS does not show it.
 */
export function filledAtBuild() {
  const schema = z.string().optional();
  filledAtBuildSchemas.add(schema);
  return schema;
}

export function isFilledAtBuild(schema: unknown): boolean {
  return typeof schema === "object" && schema !== null && filledAtBuildSchemas.has(schema);
}

/** The optional anchor id every section takes. */
export const sectionId = z.string().optional();

export const ctaSchema = z.strictObject({
  label: z.string().min(1).max(60),
  href,
  variant: z.enum(["primary", "secondary", "ghost", "inverse"]).optional(),
});

/**
 * The heading block most sections open with (rendered by `SectionIntro`): an optional eyebrow, the
 * title and an optional lead. Sections spread its shape right after `type` and `id`, and override
 * `lead` where theirs is required or longer.
 */
export const sectionHeading = z.strictObject({
  eyebrow: text(80).optional(),
  title: text(140),
  lead: text(400).optional(),
});

export type Cta = z.infer<typeof ctaSchema>;
export type SectionHeading = z.infer<typeof sectionHeading>;
export type IllustrationName = (typeof illustrationNames)[number];
