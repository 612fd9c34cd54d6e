/**
 * Above each page preview: how a search result shows the page (its title and description against the
 * characters results display) and the social card the build will draw (the same layout, rendered here by
 * the browser rather than by satori, so the admin carries no renderer) with the address it will have.
 */
import * as React from "react";
import styled from "styled-components";
import { SocialCard } from "../views/SocialCard";
import { site } from "../config/site";
import { SEO_LIMITS, seoTitleOf, type SeoKind } from "../data/seo";
import { CARD_HEIGHT, CARD_WIDTH, socialImageOf, type CardInput } from "../data/socialCard";
import { theme } from "../styles/theme";
import { text } from "./previewData";

export type ShareProps = {
  path: string;
  seoTitle: string;
  description: string;
  card: CardInput;
  socialImage?: string | null;
};

const SCALE = 0.4;

function Count({ length, limit }: { length: number; limit: number }) {
  const over = length > limit;
  return (
    <Counter data-over={over ? "" : undefined}>
      {length}/{limit} characters{over ? ": search results cut the rest" : ""}
    </Counter>
  );
}

export function SharePreview({ path, seoTitle, description, card, socialImage }: ShareProps) {
  const image = socialImageOf(path, socialImage);
  const absolute = /^https?:\/\//.test(image) ? image : `${site.url}${image}`;
  return (
    <Panel aria-label="In search results and on social networks">
      <Result>
        <ResultUrl>{`${site.url}${path}`}</ResultUrl>
        <ResultTitle>{seoTitle}</ResultTitle>
        <Count length={seoTitle.length} limit={SEO_LIMITS.title} />
        <p>{description}</p>
        <Count length={description.length} limit={SEO_LIMITS.description} />
      </Result>
      <figure>
        {socialImage ? (
          <img src={socialImage} alt="" width={CARD_WIDTH * SCALE} height={CARD_HEIGHT * SCALE} />
        ) : (
          <CardFrame aria-hidden="true">
            <CardScale>
              <SocialCard {...card} />
            </CardScale>
          </CardFrame>
        )}
        <figcaption>
          Social card (og:image): <code>{absolute}</code>
          {socialImage ? "" : ", drawn by the build from the title"}
        </figcaption>
      </figure>
    </Panel>
  );
}

const Panel = styled.section`
  display: grid;
  gap: ${theme.space[4]};
  padding: ${theme.space[4]};
  border-bottom: ${theme.borders.hairline} solid ${theme.colors.line};
  font-size: ${theme.fontSizes.sm};
`;

const Result = styled.div`
  display: grid;
  gap: ${theme.space[1]};
`;

const ResultUrl = styled.span`
  color: ${theme.colors.muted};
`;

const ResultTitle = styled.span`
  font-size: ${theme.fontSizes.lg};
  color: ${theme.colors.focus};
`;

const Counter = styled.span`
  color: ${theme.colors.muted};
  &[data-over] {
    color: ${theme.colors.danger};
    font-weight: 700;
  }
`;

const CardFrame = styled.div`
  width: ${CARD_WIDTH * SCALE}px;
  height: ${CARD_HEIGHT * SCALE}px;
  overflow: hidden;
`;

const CardScale = styled.div`
  transform: scale(${SCALE});
  transform-origin: top left;
`;

/** The share preview of an entry as edited (placeholders filled like the build fills them). */
export function shareOf(
  kind: SeoKind,
  data: Record<string, unknown>,
  path: string,
  kicker: string,
): ShareProps {
  const entry = {
    title: text(data["title"]),
    seoTitle: text(data["seoTitle"]) || null,
    description: text(data["description"]),
    customer: text(data["customer"]) || null,
  };
  return {
    path,
    seoTitle: seoTitleOf(kind, entry),
    description: entry.description,
    card: { title: entry.title, kicker },
    socialImage: text(data["socialImage"]) || null,
  };
}
