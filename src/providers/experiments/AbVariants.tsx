/** Renders an experiment's variants, or a shared block's parts: both in the HTML (CSS shows one), then only the assigned one. */
import * as React from "react";
import { useExperiments } from "./ExperimentsProvider";
import type { ExperimentKey } from "../../config/experiments";

export interface AbVariantsProps {
  experiment: ExperimentKey;
  control: React.ReactNode;
  treatment: React.ReactNode;
}

/** The site search indexes the built HTML, where both variants are: only the control's words count. */
const NOT_INDEXED = { "data-pagefind-ignore": "all" };

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
        <div key="treatment" data-ab-variant={`${experiment}:treatment`} {...NOT_INDEXED}>
          {treatment}
        </div>
      ) : null}
    </>
  );
}

export interface AbPartProps extends AbVariantsProps {
  /** Inside text (a heading's words): spans instead of divs. */
  inline?: boolean;
}

/**
 * One part of a block both variants share (the hero of an A/B page: one section, one <h1>), in the two
 * versions the variants give it. The same rules as AbVariants: both in the HTML, CSS shows the assigned
 * one before paint, then only it stays in the DOM. The wrapper takes no box of its own (display:
 * contents), so the part lays out as if it were the only child there.
 */
export function AbPart({ experiment, control, treatment, inline = false }: AbPartProps) {
  const assigned = useExperiments().flags?.[experiment];
  const Tag = inline ? "span" : "div";
  return (
    <>
      {assigned !== "treatment" ? (
        <Tag key="control" data-ab-part={`${experiment}:control`}>
          {control}
        </Tag>
      ) : null}
      {assigned !== "control" ? (
        <Tag key="treatment" data-ab-part={`${experiment}:treatment`} {...NOT_INDEXED}>
          {treatment}
        </Tag>
      ) : null}
    </>
  );
}
