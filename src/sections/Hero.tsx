/** The opening block of a page: headline, lead, calls to action and an optional product visual. */
import * as React from "react";
import styled from "styled-components";
import type { HeroContent } from "../data/sectionSchemas";
import { CtaGroup } from "../components/CtaGroup";
import { Container } from "../components/Container";
import { SectionIntro } from "../components/SectionIntro";
import { media } from "../styles/media";
import { Illustration } from "./Illustration";
import { theme } from "../styles/theme";

export function Hero({ eyebrow, title, lead, ctas, note, visual, tone, id }: HeroContent) {
  const dark = tone === "dark";
  return (
    <Wrapper id={id} $dark={dark}>
      <Inner $withVisual={visual !== "none"}>
        <Copy>
          <SectionIntro eyebrow={eyebrow} title={title} lead={lead} level={1} inverse={dark} bare />
          <CtaGroup ctas={ctas} size="lg" arrow secondary={dark ? "ghost" : "secondary"} />
          {note ? <Note $dark={dark}>{note}</Note> : null}
        </Copy>
        {visual !== "none" ? <Illustration name={visual} /> : null}
      </Inner>
    </Wrapper>
  );
}

const Wrapper = styled.section<{ $dark: boolean }>`
  position: relative;
  overflow: hidden;
  padding-block: ${theme.space[8]} ${theme.space[8]};
  background: ${({ $dark }) =>
    $dark
      ? `radial-gradient(60rem 30rem at 85% 0%, ${theme.colors.nightLine} 0%, transparent 60%), ${theme.colors.night}`
      : theme.colors.surfaceAlt};
  color: ${({ $dark }) => ($dark ? theme.colors.onNight : theme.colors.ink)};

  ${media.up("lg")} {
    padding-block: ${theme.space[9]} ${theme.space[9]};
  }
`;

const Inner = styled(Container)<{ $withVisual: boolean }>`
  display: grid;
  gap: ${theme.space[7]};
  align-items: center;

  ${media.up("lg")} {
    grid-template-columns: ${({ $withVisual }) => ($withVisual ? "minmax(0, 1.1fr) minmax(0, 0.9fr)" : "1fr")};
  }
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
