/** The heading block sections open with: an optional eyebrow, the title and an optional lead. */
import * as React from "react";
import styled, { css } from "styled-components";
import { Heading, type HeadingSize } from "./Heading";
import { Eyebrow, Text, type TextSize } from "./Text";
import { theme } from "../styles/theme";

export interface SectionIntroProps {
  eyebrow?: string | undefined;
  title: React.ReactNode;
  lead?: string | undefined;
  /** 2 for a section; 1 where the section opens the page (the hero, the job board, a page header). */
  level?: 1 | 2;
  /** The title's visual size, when not the level's own. */
  size?: HeadingSize;
  leadSize?: TextSize;
  /** On a dark background: the eyebrow and the lead in their on-night colours. */
  inverse?: boolean;
  center?: boolean;
  /**
   * Without the block's own wrapper (spacing below, width), for sections that place the heading in a
   * column of their own, next to more copy.
   */
  bare?: boolean;
}

export function SectionIntro({
  eyebrow,
  title,
  lead,
  level = 2,
  size,
  leadSize = "lg",
  inverse = false,
  center = false,
  bare = false,
}: SectionIntroProps) {
  const heading = (
    <>
      {eyebrow ? <Eyebrow $inverse={inverse}>{eyebrow}</Eyebrow> : null}
      <Heading level={level} size={size}>
        {title}
      </Heading>
      {lead ? (
        <Text $size={leadSize} $tone={inverse ? "inverseMuted" : "default"}>
          {lead}
        </Text>
      ) : null}
    </>
  );
  return bare ? heading : <Intro $center={center}>{heading}</Intro>;
}

const Intro = styled.div<{ $center: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  max-width: 46rem;
  margin-bottom: ${theme.space[7]};
  ${({ $center }) =>
    $center &&
    css`
      margin-inline: auto;
      text-align: center;
      align-items: center;
    `}
`;
