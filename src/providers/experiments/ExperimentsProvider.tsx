/** Exposes the experiment flags the head script assigned (or assigns them, if it could not run). */
import * as React from "react";
import { EXPERIMENTS, type ExperimentKey, type Variant } from "../../config/experiments";
import {
  FLAGS_STORAGE_KEY,
  assignFlags,
  parseFlags,
  variantAttribute,
  type ExperimentFlags,
} from "./flags";

export type ExperimentsState = { flags: Record<ExperimentKey, Variant> | null };

const ExperimentsContext = React.createContext<ExperimentsState>({ flags: null });

export const useExperiments = (): ExperimentsState => React.useContext(ExperimentsContext);

/** The stored flags, completed and saved when some are missing (pure apart from the storage it is given). */
export function loadFlags(
  store: Pick<Storage, "getItem" | "setItem">,
  random: () => number = Math.random,
): ExperimentFlags {
  let raw: string | null = null;
  try {
    raw = store.getItem(FLAGS_STORAGE_KEY);
  } catch {
    // Storage blocked: assign for this page view.
  }
  const stored = parseFlags(raw);
  const flags = assignFlags(stored, random);
  if (JSON.stringify(flags) !== JSON.stringify(stored)) {
    try {
      store.setItem(FLAGS_STORAGE_KEY, JSON.stringify(flags));
    } catch {
      // Without storage the flags hold for this page view.
    }
  }
  return flags;
}

export function ExperimentsProvider({ children }: { children: React.ReactNode }) {
  const [flags, setFlags] = React.useState<ExperimentsState["flags"]>(null);
  React.useEffect(() => {
    let store: Pick<Storage, "getItem" | "setItem">;
    try {
      store = window.localStorage;
    } catch {
      store = { getItem: () => null, setItem: () => undefined };
    }
    const loaded = loadFlags(store) as Record<ExperimentKey, Variant>;
    // The head script marks <html> before paint; when it could not, CSS must still agree with the flags
    // (AbVariants keeps only the assigned variant, which the variant rules must not hide).
    for (const key of EXPERIMENTS)
      document.documentElement.setAttribute(variantAttribute(key), loaded[key]);
    // A transition, like every start-up update (see ConsentProvider).
    React.startTransition(() => setFlags(loaded));
  }, []);
  const value = React.useMemo(() => ({ flags }), [flags]);
  return <ExperimentsContext.Provider value={value}>{children}</ExperimentsContext.Provider>;
}
