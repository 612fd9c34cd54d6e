/** Renders a list of content sections by their `type`, the one switch between content and components. */
import * as React from "react";
import styled from "styled-components";
import type { SectionContent } from "../data/sectionSchemas";
import { CodeSample } from "./CodeSample";
import { ComparisonTable } from "./ComparisonTable";
import { FaqList } from "./FaqList";
import { FormSection } from "./FormSection";
import { PriceEstimator } from "./PriceEstimator";
import { PricingTable } from "./PricingTable";
import { ResourceList } from "./ResourceList";
import { RichText } from "./RichText";
import { Split } from "./Split";
import { CtaBanner } from "./CtaBanner";
import { FeatureGrid } from "./FeatureGrid";
import { Hero } from "./Hero";
import { LogoCloud } from "./LogoCloud";
import { Stats } from "./Stats";
import { Steps } from "./Steps";
import { Testimonial } from "./Testimonial";
import { ServiceStatus } from "./ServiceStatus";
import { IdentificationDemo } from "./IdentificationDemo";

// The careers sections fetch their data in the browser and carry the job-board client and an HTML
// sanitizer; loading them on demand keeps that code off every other page's first load.
const OpenRoles = React.lazy(() =>
  import(/* webpackChunkName: "open-roles" */ "./OpenRoles").then((m) => ({
    default: m.OpenRoles,
  })),
);
const JobBoard = React.lazy(() =>
  import(/* webpackChunkName: "job-board" */ "./JobBoard").then((m) => ({ default: m.JobBoard })),
);
const JobPosting = React.lazy(() =>
  import(/* webpackChunkName: "job-posting" */ "./JobPosting").then((m) => ({
    default: m.JobPosting,
  })),
);

function Deferred({ children }: { children: React.ReactNode }) {
  return <React.Suspense fallback={<LoadingBlock aria-busy="true" />}>{children}</React.Suspense>;
}

const LoadingBlock = styled.div`
  min-height: 24rem;
`;

export function Section({ section }: { section: SectionContent }) {
  switch (section.type) {
    case "Hero":
      return <Hero {...section} />;
    case "IdentificationDemo":
      return <IdentificationDemo {...section} />;
    case "Stats":
      return <Stats {...section} />;
    case "FeatureGrid":
      return <FeatureGrid {...section} />;
    case "Steps":
      return <Steps {...section} />;
    case "LogoCloud":
      return <LogoCloud {...section} />;
    case "Testimonial":
      return <Testimonial {...section} />;
    case "CodeSample":
      return <CodeSample {...section} />;
    case "CtaBanner":
      return <CtaBanner {...section} />;
    case "Split":
      return <Split {...section} />;
    case "FaqList":
      return <FaqList {...section} />;
    case "PricingTable":
      return <PricingTable {...section} />;
    case "PriceEstimator":
      return <PriceEstimator {...section} />;
    case "ComparisonTable":
      return <ComparisonTable {...section} />;
    case "RichText":
      return <RichText {...section} />;
    case "ResourceList":
      return <ResourceList {...section} />;
    case "FormSection":
      return <FormSection {...section} />;
    case "OpenRoles":
      return (
        <Deferred>
          <OpenRoles {...section} />
        </Deferred>
      );
    case "JobBoard":
      return (
        <Deferred>
          <JobBoard {...section} />
        </Deferred>
      );
    case "JobPosting":
      return (
        <Deferred>
          <JobPosting {...section} />
        </Deferred>
      );
    case "ServiceStatus":
      return <ServiceStatus {...section} />;
  }
}

/**
 * Every section after the first sits in a Suspense boundary of its own. Nothing in it suspends, so the
 * server's HTML is complete and the fallback never shows; what changes is hydration: React hydrates the
 * page's top in the first task and each boundary below in a later one, yielding to the browser between
 * them instead of hydrating the whole page in one long task.
 */
export function Sections({
  sections,
  after = 0,
}: {
  sections: SectionContent[];
  /** How many sections the page shows above these (an A/B page's shared hero): only the page's first is eager. */
  after?: number;
}) {
  return (
    <>
      {sections.map((section, index) =>
        index + after === 0 ? (
          <Section key={`${section.type}-${index}`} section={section} />
        ) : (
          <LaterSection key={`${section.type}-${index}`} section={section} />
        ),
      )}
    </>
  );
}

/**
 * Memoised so that a re-render from above (a route or hash change re-renders the page element) does not
 * reach a boundary still waiting to hydrate: React 18 would drop its server HTML and render it again on
 * the client (React error 421). The section objects come from the page's data, the same between renders.
 */
const LaterSection = React.memo(function LaterSection({ section }: { section: SectionContent }) {
  return (
    <React.Suspense fallback={null}>
      <Section section={section} />
    </React.Suspense>
  );
});
