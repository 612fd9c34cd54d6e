/** The body of a content-driven marketing page; rendered by its template and by the CMS preview. */
import * as React from "react";
import type { SectionContent } from "../data/sectionSchemas";
import { Sections } from "../sections";

export interface MarketingPageViewProps {
  sections: SectionContent[];
  /** Sections the page shows above these (the shared hero of an A/B page). */
  after?: number;
}

export function MarketingPageView({ sections, after = 0 }: MarketingPageViewProps) {
  return <Sections sections={sections} after={after} />;
}
