/**
 * The opening block of a page: headline, lead, calls to action and an optional product visual. On an A/B
 * page it opens both variants: one section and one <h1>, each part in the assigned variant's version.
 */
import * as React from "react";
import styled, { css } from "styled-components";
import type { ExperimentKey } from "../config/experiments";
import type { HeroContent } from "../data/sectionSchemas";
import { CtaGroup } from "../components/CtaGroup";
import { Container } from "../components/Container";
import { Heading } from "../components/Heading";
import { Eyebrow, Text } from "../components/Text";
import { AbPart } from "../providers/experiments/AbVariants";
import { media } from "../styles/media";
import { Illustration } from "./Illustration";
import { theme } from "../styles/theme";

export type HeroProps = HeroContent & {
  /** The treatment's hero when this one opens the control of an A/B page. */
  alternative?: { experiment: ExperimentKey; hero: HeroContent } | undefined;
};

type Render = (hero: HeroContent) => React.ReactNode;

/**
 * Renders a part from the hero, or from both heroes of an A/B page: once when the fields it reads are
 * the same in both, else in both versions (AbPart), so the page never carries a second copy of a part.
 */
function partsOf(control: HeroContent, alternative: HeroProps["alternative"]) {
  return function part(fields: readonly (keyof HeroContent)[], render: Render, inline = false) {
    if (!alternative) return render(control);
    const same = fields.every(
      (field) => JSON.stringify(control[field]) === JSON.stringify(alternative.hero[field]),
    );
    if (same) return render(control);
    return (
      <AbPart
        experiment={alternative.experiment}
        control={render(control)}
        treatment={render(alternative.hero)}
        inline={inline}
      />
    );
  };
}

const isDark = (hero: HeroContent) => hero.tone === "dark";
const hasVisual = (hero: HeroContent) => hero.visual !== "none";

export function Hero({ alternative, ...hero }: HeroProps) {
  const part = partsOf(hero, alternative);
  // Where the variants differ in tone or layout, CSS switches the section with the assignment.
  const treatment = alternative && {
    experiment: alternative.experiment,
    dark: isDark(alternative.hero),
    withVisual: hasVisual(alternative.hero),
  };
  return (
    <Wrapper id={hero.id ?? alternative?.hero.id} $dark={isDark(hero)} $treatment={treatment}>
      <Inner $withVisual={hasVisual(hero)} $treatment={treatment}>
        <Copy>
          {part(["eyebrow", "tone"], (h) =>
            h.eyebrow ? <Eyebrow $inverse={isDark(h)}>{h.eyebrow}</Eyebrow> : null,
          )}
          <Heading level={1}>{part(["title"], (h) => h.title, true)}</Heading>
          {part(["lead", "tone"], (h) =>
            h.lead ? (
              <Text $size="lg" $tone={isDark(h) ? "inverseMuted" : "default"}>
                {h.lead}
              </Text>
            ) : null,
          )}
          {part(["ctas", "tone"], (h) => (
            <CtaGroup ctas={h.ctas} size="lg" arrow secondary={isDark(h) ? "ghost" : "secondary"} />
          ))}
          {part(["note", "tone"], (h) => (h.note ? <Note $dark={isDark(h)}>{h.note}</Note> : null))}
        </Copy>
        {part(["visual"], (h) => (h.visual !== "none" ? <Illustration name={h.visual} /> : null))}
      </Inner>
    </Wrapper>
  );
}

type Treatment = { experiment: ExperimentKey; dark: boolean; withVisual: boolean } | undefined;

const toneOf = (dark: boolean) => css`
  background: ${
    dark
      ? `radial-gradient(60rem 30rem at 85% 0%, ${theme.colors.nightLine} 0%, transparent 60%), ${theme.colors.night}`
      : theme.colors.surfaceAlt
  };
  color: ${dark ? theme.colors.onNight : theme.colors.ink};
`;

/** The section's look under a treatment assignment, when it differs from control's. */
const whenTreatment = (treatment: Treatment, differs: boolean, rules: ReturnType<typeof css>) =>
  treatment && differs
    ? css`
        html[data-ab-${treatment.experiment}="treatment"] & {
          ${rules}
        }
      `
    : null;

const Wrapper = styled.section<{ $dark: boolean; $treatment: Treatment }>`
  position: relative;
  overflow: hidden;
  padding-block: ${theme.space[8]} ${theme.space[8]};
  ${({ $dark }) => toneOf($dark)}
  ${({ $dark, $treatment }) =>
    whenTreatment($treatment, $treatment?.dark !== $dark, toneOf($treatment?.dark ?? $dark))}

  ${media.up("lg")} {
    padding-block: ${theme.space[9]} ${theme.space[9]};
  }
`;

const columnsOf = (withVisual: boolean) => css`
  ${media.up("lg")} {
    grid-template-columns: ${withVisual ? "minmax(0, 1.1fr) minmax(0, 0.9fr)" : "1fr"};
  }
`;

const Inner = styled(Container)<{ $withVisual: boolean; $treatment: Treatment }>`
  display: grid;
  gap: ${theme.space[7]};
  align-items: center;
  ${({ $withVisual }) => columnsOf($withVisual)}
  ${({ $withVisual, $treatment }) =>
    whenTreatment(
      $treatment,
      $treatment?.withVisual !== $withVisual,
      columnsOf($treatment?.withVisual ?? $withVisual),
    )}
`;

const Copy = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[5]};
`;

const Note = styled.p<{ $dark: boolean }>`
  font-size: ${theme.fontSizes.sm};
  color: ${({ $dark }) => ($dark ? theme.colors.onNightMuted : theme.colors.muted)};
`;
