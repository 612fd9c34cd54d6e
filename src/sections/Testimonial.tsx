/** One customer quote with attribution; sample quotes are from fictional customers and are labelled so. */
import * as React from "react";
import styled from "styled-components";
import type { TestimonialContent } from "../data/sectionSchemas";
import { Container } from "../components/Container";
import { SectionShell } from "../components/SectionShell";
import { theme } from "../styles/theme";

export function Testimonial({ quote, name, role, company, id }: TestimonialContent) {
  return (
    <SectionShell id={id} $tone="light">
      <Container $narrow>
        <Figure>
          <Quote>
            <p>{quote}</p>
          </Quote>
          <Caption>
            <Avatar aria-hidden="true">{initials(name)}</Avatar>
            <span>
              <strong>{name}</strong>
              <br />
              {role}, {company} <Sample>(fictional sample customer)</Sample>
            </span>
          </Caption>
        </Figure>
      </Container>
    </SectionShell>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

const Figure = styled.figure`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[5]};
  margin: 0;
`;

const Quote = styled.blockquote`
  margin: 0;
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.medium};
  line-height: ${theme.lineHeights.snug};
  color: ${theme.colors.ink};

  p::before {
    content: "“";
  }
  p::after {
    content: "”";
  }
`;

const Caption = styled.figcaption`
  display: flex;
  align-items: center;
  gap: ${theme.space[3]};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.muted};
  strong {
    color: ${theme.colors.ink};
  }
`;

const Avatar = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 3rem;
  height: 3rem;
  flex: none;
  border-radius: 50%;
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accentStrong};
  font-weight: ${theme.fontWeights.bold};
`;

const Sample = styled.span`
  font-size: ${theme.fontSizes.xs};
`;
