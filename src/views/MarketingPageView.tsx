/** The body of a content-driven marketing page; rendered by its template and by the CMS preview. */
import * as React from "react";
import type { SectionContent } from "../data/sectionSchemas";
import { Sections } from "../sections";

export interface MarketingPageViewProps {
  sections: SectionContent[];
}

export function MarketingPageView({ sections }: MarketingPageViewProps) {
  return <Sections sections={sections} />;
}
