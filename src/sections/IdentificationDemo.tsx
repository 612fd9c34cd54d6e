/** The live identification demo band: the visitor's own browser, identified in front of them. */
import * as React from "react";
import styled from "styled-components";
import type { IdentificationDemoContent } from "../data/sectionSchemas";
import { Container } from "../components/Container";
import { Heading } from "../components/Heading";
import { SectionIntro, SectionShell } from "../components/SectionShell";
import { Eyebrow, Text } from "../components/Text";

// The panel's code (visit history, formatting) arrives on its own, after the page's first load.
const DemoPanel = React.lazy(() =>
  import(/* webpackChunkName: "demo-panel" */ "./IdentificationDemoPanel").then((module) => ({
    default: module.DemoPanel,
  })),
);

export function IdentificationDemo({ id, eyebrow, title, lead }: IdentificationDemoContent) {
  return (
    <SectionShell id={id ?? "live-demo"} $tone="dark">
      <Container>
        <SectionIntro>
          {eyebrow ? <Eyebrow $inverse>{eyebrow}</Eyebrow> : null}
          <Heading level={2}>{title}</Heading>
          {lead ? (
            <Text $size="lg" $tone="inverseMuted">
              {lead}
            </Text>
          ) : null}
        </SectionIntro>
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
