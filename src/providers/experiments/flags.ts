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
 * A small script for the document head: reads or assigns the flags and marks <html> before the
 * first paint, so variant pages never flash or shift. It mirrors parseFlags/assignFlags above.
 */
export function headScript(): string {
  const keys = JSON.stringify(EXPERIMENTS);
  return `(function(){try{var k=${JSON.stringify(FLAGS_STORAGE_KEY)},e=${keys},s=window.localStorage,f={},c=!1;try{var p=JSON.parse(s.getItem(k)||"null");if(p&&typeof p==="object")f=p}catch(x){}for(var i=0;i<e.length;i++){var v=f[e[i]];if(v!=="control"&&v!=="treatment"){f[e[i]]=Math.random()<0.5?"control":"treatment";c=!0}document.documentElement.setAttribute("data-ab-"+e[i],f[e[i]])}if(c)s.setItem(k,JSON.stringify(f))}catch(x){}})();`;
}
