/**
 * The content of an A/B treatment with ids of its own: both variants are in one page's HTML (CSS shows the
 * assigned one before paint), often built from the same sections, and no id may be there twice.
 */
import type { SectionContent } from "./sectionSchemas";

/** What a treatment's ids end with. */
export const TREATMENT_ID_SUFFIX = "-b";

/** The id a section takes when its content names none: its anchor, or the prefix of its fields' ids. */
const DEFAULT_IDS: Partial<Record<SectionContent["type"], string>> = {
  FormSection: "form",
  IdentificationDemo: "live-demo",
  PriceEstimator: "estimator",
};

/** Every `id`, and every same-page link (`href: "#…"`) that leads to one, suffixed, at any depth. */
function suffixed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(suffixed);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) =>
      typeof field === "string" && (key === "id" || (key === "href" && field.startsWith("#")))
        ? [key, field + TREATMENT_ID_SUFFIX]
        : [key, suffixed(field)],
    ),
  );
}

/**
 * A treatment's sections (its hero included) as they render beside the control's: a form's field ids (named
 * after its section's id), a section's anchor and the links to it all end in the suffix. Applied when the build
 * reads the variant's file, so the page's code carries none of it, and the ids are the same on the server and in
 * the browser (a form's island gets its prefix as a prop). The variant's own page (/demo-b/) has them too.
 */
export function treatmentSections<T extends SectionContent>(sections: T[]): T[] {
  return sections.map((section) =>
    suffixed({ ...section, id: section.id ?? DEFAULT_IDS[section.type] }),
  ) as T[];
}
