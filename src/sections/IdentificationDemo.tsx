/** The live identification demo band: the visitor's own browser, identified in front of them. */
import * as React from "react";
import type { IdentificationDemoContent } from "../data/sectionSchemas";
import { Container } from "../components/Container";
import { SectionIntro } from "../components/SectionIntro";
import { SectionShell } from "../components/SectionShell";
import { useConsent } from "../providers/consent/useConsent";
import { useIdentification } from "../providers/identification/IdentificationProvider";
import { ConsentPanel, LoadingPanel } from "./IdentificationDemoPanel/Waiting";

// The result's code (visit history, formatting, errors in words) arrives on its own once identification
// starts: a visitor who has not consented sees the start button, rendered here, and fetches none of it.
const DemoPanel = React.lazy(() =>
  import(/* webpackChunkName: "demo-panel" */ "./IdentificationDemoPanel").then((module) => ({
    default: module.DemoPanel,
  })),
);

export function IdentificationDemo({ id, eyebrow, title, lead }: IdentificationDemoContent) {
  const consent = useConsent();
  const { status } = useIdentification();
  // Without a public key this build cannot identify anyone, so the band and its promise ("identify this
  // browser yourself") are left out, as the status band is without {api}.
  if (status === "off") return null;
  return (
    <SectionShell id={id ?? "live-demo"} $tone="dark">
      <Container>
        <SectionIntro eyebrow={eyebrow} title={title} lead={lead} inverse />
        {status === "waiting-consent" ? (
          <ConsentPanel consent={consent} />
        ) : (
          <React.Suspense fallback={<LoadingPanel />}>
            <DemoPanel />
          </React.Suspense>
        )}
      </Container>
    </SectionShell>
  );
}
