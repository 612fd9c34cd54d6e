/** Experiment exposures: which experiments a page shows, reported once per visitor. */
import { EXPERIMENTS, type ExperimentKey, type Variant } from "../../config/experiments";

/** localStorage key listing the experiments already reported for this visitor. */
export const EXPOSURES_STORAGE_KEY = "ABExposuresSent";

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

const isExperiment = (value: unknown): value is ExperimentKey =>
  typeof value === "string" && (EXPERIMENTS as readonly string[]).includes(value);

/** Rendered and not hidden: CSS hides the variants a visitor is not assigned. */
const isShown = (element: Element): boolean => element.getClientRects().length > 0;

/**
 * The experiments the visitor actually sees on this page. AbVariants marks both variants with
 * `data-ab-variant`; only the shown one counts, so an experiment nested inside the other variant of
 * another experiment is never reported.
 */
export function experimentsOnPage(
  root: ParentNode,
  shown: (element: Element) => boolean = isShown,
): ExperimentKey[] {
  const found = new Set<ExperimentKey>();
  for (const element of root.querySelectorAll("[data-ab-variant]")) {
    const key = element.getAttribute("data-ab-variant")?.split(":")[0];
    if (isExperiment(key) && shown(element)) found.add(key);
  }
  return [...found];
}

export function reportedExposures(storage: Storage): Set<ExperimentKey> {
  try {
    const value: unknown = JSON.parse(storage.getItem(EXPOSURES_STORAGE_KEY) ?? "[]");
    return new Set(Array.isArray(value) ? value.filter(isExperiment) : []);
  } catch {
    return new Set();
  }
}

export function markReported(storage: Storage, key: ExperimentKey): void {
  const done = reportedExposures(storage);
  done.add(key);
  try {
    storage.setItem(EXPOSURES_STORAGE_KEY, JSON.stringify([...done]));
  } catch {
    // Storage refused: the worst case is one more exposure on a later visit.
  }
}

/** The exposures still to send for this page: present, assigned, and not reported before. */
export function pendingExposures(
  onPage: readonly ExperimentKey[],
  flags: Partial<Record<ExperimentKey, Variant>> | null,
  reported: ReadonlySet<ExperimentKey>,
): { flag_key: ExperimentKey; variant: Variant }[] {
  if (!flags) return [];
  return onPage.flatMap((key) => {
    const variant = flags[key];
    return variant && !reported.has(key) ? [{ flag_key: key, variant }] : [];
  });
}

export type ExposureRequest = { url: string; body: unknown };

/** The request that reports one exposure: to the site's proxy, or straight to the HTTP API. */
export function exposureRequest(
  exposure: { flag_key: ExperimentKey; variant: Variant },
  deviceId: string,
  config: { exposureProxy: boolean; serverUrl: string; apiKey: string },
): ExposureRequest {
  if (config.exposureProxy) {
    return { url: "/amp-exp/", body: { device_id: deviceId, ...exposure } };
  }
  return {
    url: config.serverUrl,
    body: {
      api_key: config.apiKey,
      events: [
        {
          event_type: "$exposure",
          user_id: deviceId,
          device_id: deviceId,
          event_properties: { ...exposure },
        },
      ],
    },
  };
}
