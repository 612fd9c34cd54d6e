/** Renders an experiment's variants: both in the HTML (CSS shows one), then only the assigned one. */
import * as React from "react";
import { useExperiments } from "./ExperimentsProvider";
import type { ExperimentKey } from "../../config/experiments";

export interface AbVariantsProps {
  experiment: ExperimentKey;
  control: React.ReactNode;
  treatment: React.ReactNode;
}

// Both variants are in the server-rendered HTML, so hydration matches and nothing is fetched or
// swapped after load: the head script (flags.ts markVariants) picks one with CSS, which keeps CLS at 0.
// Once the flags are known the other variant leaves the DOM, so nothing that reads the page (the route
// announcer's first h1, find-in-page, a second copy of a form or the live demo) meets the hidden one.
// The variant that stays keeps its key and place, so what a visitor typed into it survives.
export function AbVariants({ experiment, control, treatment }: AbVariantsProps) {
  const assigned = useExperiments().flags?.[experiment];
  return (
    <>
      {assigned !== "treatment" ? (
        <div key="control" data-ab-variant={`${experiment}:control`}>
          {control}
        </div>
      ) : null}
      {assigned !== "control" ? (
        <div key="treatment" data-ab-variant={`${experiment}:treatment`}>
          {treatment}
        </div>
      ) : null}
    </>
  );
}
