/** A card for one entry in a listing (post, case study, webinar): optional image, label, title link, summary, meta. */
import * as React from "react";
import styled, { css } from "styled-components";
import type { PictureData } from "../data/images";
import { media } from "../styles/media";
import { Card } from "./Card";
import { Heading } from "./Heading";
import { StretchedLink } from "./StretchedLink";
import { Picture } from "./Picture";
import { Text } from "./Text";
import { theme } from "../styles/theme";

export interface EntryCardProps {
  href: string;
  title: string;
  description: string;
  /** A short label above the title, e.g. the first tag or the industry. */
  label?: string;
  /** One line under the summary, e.g. "12 March 2025 · 6 min read". */
  meta?: string;
  image?: PictureData;
  lang?: string;
}

export function EntryCard({
  href,
  title,
  description,
  label,
  meta,
  image,
  lang,
  featured = false,
}: EntryCardProps & { featured?: boolean }) {
  return (
    <Wrapper $interactive $featured={featured} lang={lang}>
      {image ? (
        <Thumb
          image={image}
          sizes={featured ? "(min-width: 1024px) 600px, 100vw" : "(min-width: 1024px) 380px, 100vw"}
        />
      ) : null}
      <Body $featured={featured}>
        {label ? <Label>{label}</Label> : null}
        <Heading level={featured ? 2 : 3} size={featured ? "lg" : "md"}>
          <TitleLink href={href}>{title}</TitleLink>
        </Heading>
        <Text $size={featured ? "md" : "sm"}>{description}</Text>
        {meta ? <Meta>{meta}</Meta> : null}
      </Body>
    </Wrapper>
  );
}

const Thumb = styled(Picture)`
  border-bottom: ${theme.borders.hairline} solid ${theme.colors.line};
`;

const Wrapper = styled(Card)<{ $featured: boolean }>`
  padding: 0;
  overflow: hidden;
  gap: 0;
  ${({ $featured }) =>
    $featured &&
    css`
      ${media.up("lg")} {
        display: grid;
        grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr);
        align-items: stretch;

        /* The image fills its column at the text's height; with its own ratio it would overflow. */
        > ${Thumb} {
          aspect-ratio: auto;
          height: 100%;
          border-bottom: 0;
        }
      }
    `}
`;

const Body = styled.div<{ $featured: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  padding: ${({ $featured }) => ($featured ? theme.space[6] : theme.space[5])};
  flex: 1;
  ${({ $featured }) =>
    $featured &&
    css`
      justify-content: center;
    `}
`;

const Label = styled.p`
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.semibold};
  color: ${theme.colors.accent};
  text-transform: uppercase;
  letter-spacing: 0.06em;
`;

const TitleLink = styled(StretchedLink)`
  &:hover {
    text-decoration: underline;
  }
`;

const Meta = styled.p`
  margin-top: auto;
  padding-top: ${theme.space[2]};
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.muted};
`;
