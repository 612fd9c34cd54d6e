/** A customer story: header, headline results, the story itself, the customer's words and a call to action. */
import * as React from "react";
import styled from "styled-components";
import { Container } from "../components/Container";
import { MarkdownBody } from "../components/MarkdownBody";
import { PageHeader } from "../components/PageHeader";
import type { CtaBannerContent } from "../data/sectionSchemas";
import type { Crumb } from "../data/structuredData";
import { CtaBanner } from "../sections/CtaBanner";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

export interface CaseStudyViewProps {
  crumbs: Crumb[];
  title: string;
  description: string;
  customer: string;
  industry: string;
  highlights: Array<{ value: string; label: string }>;
  quote?: { text: string; author: string; role: string };
  html: string;
  cta: CtaBannerContent;
}

export function CaseStudyView({
  crumbs,
  title,
  description,
  customer,
  industry,
  highlights,
  quote,
  html,
  cta,
}: CaseStudyViewProps) {
  return (
    <article>
      <PageHeader
        crumbs={crumbs}
        eyebrow={`${industry} · ${customer}`}
        title={title}
        lead={description}
      />
      <Container>
        <Results aria-label="Results">
          {highlights.map((item) => (
            <div key={item.label}>
              <dt>{item.label}</dt>
              <dd>{item.value}</dd>
            </div>
          ))}
        </Results>
        <Body>
          <MarkdownBody html={html} />
          {quote ? (
            <Quote>
              <blockquote>
                <p>“{quote.text}”</p>
              </blockquote>
              <figcaption>
                <strong>{quote.author}</strong>, {quote.role}
              </figcaption>
            </Quote>
          ) : null}
        </Body>
      </Container>
      <CtaBanner {...cta} />
    </article>
  );
}

const Results = styled.dl`
  display: grid;
  gap: ${theme.space[4]};
  margin: ${theme.space[7]} 0 0;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));

  div {
    display: flex;
    flex-direction: column-reverse;
    padding: ${theme.space[5]};
    border-radius: ${theme.radii.lg};
    border: ${theme.borders.hairline} solid ${theme.colors.line};
  }
  dt {
    color: ${theme.colors.inkSoft};
  }
  dd {
    margin: 0;
    font-size: ${theme.fontSizes["2xl"]};
    font-weight: ${theme.fontWeights.heavy};
    color: ${theme.colors.accentStrong};
  }
`;

const Body = styled.div`
  display: grid;
  gap: ${theme.space[7]};
  max-width: ${theme.sizes.contentImage};
  margin-inline: auto;
  padding-block: ${theme.space[7]};

  ${media.up("lg")} {
    padding-block: ${theme.space[8]};
  }
`;

const Quote = styled.figure`
  padding: ${theme.space[6]};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surfaceAlt};
  border-left: 4px solid ${theme.colors.accent};

  blockquote {
    margin: 0;
    font-size: ${theme.fontSizes.lg};
    color: ${theme.colors.ink};
  }
  figcaption {
    margin-top: ${theme.space[4]};
    color: ${theme.colors.inkSoft};
    font-size: ${theme.fontSizes.sm};
  }
`;
