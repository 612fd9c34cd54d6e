/** Renders a list of content sections by their `type`, the one switch between content and components. */
import * as React from "react";
import type { SectionContent } from "../data/sections";
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
import { JobBoard } from "./JobBoard";
import { JobPosting } from "./JobPosting";
import { OpenRoles } from "./OpenRoles";
import { ServiceStatus } from "./ServiceStatus";

export function Section({ section }: { section: SectionContent }) {
  switch (section.type) {
    case "Hero":
      return <Hero {...section} />;
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
      return <OpenRoles {...section} />;
    case "JobBoard":
      return <JobBoard {...section} />;
    case "JobPosting":
      return <JobPosting {...section} />;
    case "ServiceStatus":
      return <ServiceStatus {...section} />;
  }
}

export function Sections({ sections }: { sections: SectionContent[] }) {
  return (
    <>
      {sections.map((section, index) => (
        <Section key={`${section.type}-${index}`} section={section} />
      ))}
    </>
  );
}
