/** Renders both variants of an experiment; CSS keyed on <html data-ab-*> shows one before the first paint. */
import * as React from "react";
import type { ExperimentKey } from "./flags";

export interface AbVariantsProps {
  experiment: ExperimentKey;
  control: React.ReactNode;
  treatment: React.ReactNode;
}

// Both variants are in the server-rendered HTML, so hydration matches and nothing is fetched or
// swapped after load: the head script (flags.ts headScript) picks one with CSS, which keeps CLS at 0.
export function AbVariants({ experiment, control, treatment }: AbVariantsProps) {
  return (
    <>
      <div data-ab-variant={`${experiment}:control`}>{control}</div>
      <div data-ab-variant={`${experiment}:treatment`}>{treatment}</div>
    </>
  );
}
