/**
 * The experiments the site runs, in one place that the browser (flags, analytics, the global style)
 * and the server (the exposure endpoint) both read.
 */

export type Variant = "control" | "treatment";

/**
 * Every experiment the site runs. Each page variant pair is driven by one of these; control is the
 * page at its usual content, treatment the alternative.
 */
export const EXPERIMENTS = [
  "home",
  "pricing",
  "demo",
  "contact-sales",
  "contact-sales-single-pane",
] as const;
export type ExperimentKey = (typeof EXPERIMENTS)[number];
