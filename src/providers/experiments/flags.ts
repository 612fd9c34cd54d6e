/** Experiment flags: assignment on first visit and storage parsing (the experiments are in config/experiments). */
import { EXPERIMENTS, type ExperimentKey, type Variant } from "../../config/experiments";

export type ExperimentFlags = Record<string, Variant>;

/** The localStorage key that holds the assigned variants. */
export const FLAGS_STORAGE_KEY = "ABLocalFlags";

const isVariant = (value: unknown): value is Variant =>
  value === "control" || value === "treatment";

/** Reads stored flags, keeping only well-formed entries for known experiments. */
export function parseFlags(raw: string | null): ExperimentFlags | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== "object" || Array.isArray(value)) return null;
    const flags: ExperimentFlags = {};
    for (const key of EXPERIMENTS) {
      const variant = (value as Record<string, unknown>)[key];
      if (isVariant(variant)) flags[key] = variant;
    }
    return flags;
  } catch {
    return null;
  }
}

/** Gives each known experiment without a variant control or treatment with equal probability. */
export function assignFlags(
  existing: ExperimentFlags | null,
  random: () => number = Math.random,
): ExperimentFlags {
  const flags: ExperimentFlags = { ...(existing ?? {}) };
  for (const key of EXPERIMENTS) {
    if (!isVariant(flags[key])) flags[key] = random() < 0.5 ? "control" : "treatment";
  }
  return flags;
}

/** The attribute on <html> that tells CSS which variant of an experiment to show. */
export const variantAttribute = (key: ExperimentKey): string => `data-ab-${key}`;

/**
 * The document head's script (compiled into an inline script at build time, src/gatsby/inlineCode.ts): reads or
 * assigns the flags and marks <html> before the first paint, so variant pages never flash or shift. Storage
 * that cannot be read or written leaves the page on its default variant.
 */
export function markVariants(): void {
  try {
    const storage = window.localStorage;
    const stored = parseFlags(storage.getItem(FLAGS_STORAGE_KEY));
    const flags = assignFlags(stored);
    for (const key of EXPERIMENTS) {
      document.documentElement.setAttribute(variantAttribute(key), flags[key] ?? "control");
    }
    if (EXPERIMENTS.some((key) => stored?.[key] !== flags[key])) {
      storage.setItem(FLAGS_STORAGE_KEY, JSON.stringify(flags));
    }
  } catch {
    // No storage (blocked, full): CSS shows each page's control variant.
  }
}
