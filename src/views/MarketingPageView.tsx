/** The body of a content-driven marketing page; rendered by its template and by the CMS preview. */
import * as React from "react";
import styled from "styled-components";
import type { SectionContent } from "../data/sectionSchemas";
import { Sections } from "../sections";
import { Container } from "../components/Container";
import { CopyPage } from "../components/CopyPage";
import { theme } from "../styles/theme";

export interface MarketingPageViewProps {
  sections: SectionContent[];
  /** Sections the page shows above these (the shared hero of an A/B page). */
  after?: number;
  /** A developer-facing page's Markdown twin: "Copy page" and "View as Markdown" above its sections. */
  twinPath?: string | null;
}

export function MarketingPageView({
  sections,
  after = 0,
  twinPath = null,
}: MarketingPageViewProps) {
  if (!twinPath) return <Sections sections={sections} after={after} />;
  // Over the top of the first section (a hero's padding), so the page keeps its own first band.
  return (
    <Frame>
      <Tools>
        <CopyPage twinPath={twinPath} />
      </Tools>
      <Sections sections={sections} after={after} />
    </Frame>
  );
}

const Frame = styled.div`
  position: relative;
`;

const Tools = styled(Container)`
  position: absolute;
  inset: ${theme.space[3]} 0 auto;
  z-index: 1;
  display: flex;
  justify-content: flex-end;
  pointer-events: none;

  > * {
    pointer-events: auto;
  }
`;
