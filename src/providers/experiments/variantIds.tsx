/** Ids inside an A/B treatment: a suffix, so both variants can share one page's HTML without sharing an id. */
import * as React from "react";

/**
 * What a treatment appends to the ids it renders. Both variants are in the page's HTML, often built from the
 * same sections (a form with its field ids, a section's anchor): without it every id would be there twice, and
 * a label of the second form would name the first form's field. A fixed suffix, not React's useId: the
 * server's ids must survive hydration, islands' own roots included.
 */
const TREATMENT_ID_SUFFIX = "-b";

const IdSuffix = React.createContext("");

/** Wraps a treatment: every id rendered inside carries the suffix (nested treatments add theirs). */
export function InTreatment({ children }: { children: React.ReactNode }) {
  const outer = React.useContext(IdSuffix);
  return <IdSuffix.Provider value={outer + TREATMENT_ID_SUFFIX}>{children}</IdSuffix.Provider>;
}

/** An element id as this variant renders it: unchanged outside a treatment, suffixed inside one. */
export function useVariantId<T extends string | undefined>(id: T): T {
  const suffix = React.useContext(IdSuffix);
  return (id === undefined || suffix === "" ? id : `${id}${suffix}`) as T;
}

/**
 * For links from content (a hero's "#book"): a same-page link inside a treatment leads to the treatment's own
 * element; other links are unchanged.
 */
export function useVariantHrefs(): (href: string) => string {
  const suffix = React.useContext(IdSuffix);
  return (href) => (suffix !== "" && /^#[^#]+$/.test(href) ? `${href}${suffix}` : href);
}
