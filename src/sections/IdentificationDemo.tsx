/** The live identification demo band: the visitor's own browser, identified in front of them. */
import * as React from "react";
import styled from "styled-components";
import type { IdentificationDemoContent } from "../data/sectionSchemas";
import { Container } from "../components/Container";
import { SectionIntro } from "../components/SectionIntro";
import { SectionShell } from "../components/SectionShell";
import { useIdentification } from "../providers/identification/IdentificationProvider";

// The panel's code (visit history, formatting) arrives on its own, after the page's first load.
const DemoPanel = React.lazy(() =>
  import(/* webpackChunkName: "demo-panel" */ "./IdentificationDemoPanel").then((module) => ({
    default: module.DemoPanel,
  })),
);

export function IdentificationDemo({ id, eyebrow, title, lead }: IdentificationDemoContent) {
  // Without a public key this build cannot identify anyone, so the band and its promise ("identify this
  // browser yourself") are left out, as the status band is without {api}.
  if (useIdentification().status === "off") return null;
  return (
    <SectionShell id={id ?? "live-demo"} $tone="dark">
      <Container>
        <SectionIntro eyebrow={eyebrow} title={title} lead={lead} inverse />
        <React.Suspense fallback={<PanelSpace aria-busy="true" />}>
          <DemoPanel />
        </React.Suspense>
      </Container>
    </SectionShell>
  );
}

const PanelSpace = styled.div`
  min-height: 20rem;
`;
