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

export function MarketingPageView({ sections, after = 0, twinPath = null }: MarketingPageViewProps) {
  return (
    <>
      {twinPath ? (
        <Tools>
          <CopyPage twinPath={twinPath} />
        </Tools>
      ) : null}
      <Sections sections={sections} after={after} />
    </>
  );
}

const Tools = styled(Container)`
  display: flex;
  justify-content: flex-end;
  padding-block: ${theme.space[3]};
`;
