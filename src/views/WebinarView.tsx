/** A webinar page: what it covers, who speaks, and the registration form slot (WebinarForm). */
import * as React from "react";
import styled from "styled-components";
import { Container } from "../components/Container";
import { Heading } from "../components/Heading";
import { MarkdownBody } from "../components/MarkdownBody";
import { PageHeader } from "../components/PageHeader";
import type { FormSectionContent } from "../data/sectionSchemas";
import type { Crumb } from "../data/structuredData";
import { FormSection } from "../sections/FormSection";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

export interface WebinarViewProps {
  crumbs: Crumb[];
  title: string;
  description: string;
  /** e.g. "On demand · 45 minutes · recorded June 4, 2025" (webinarMeta, from labels written at build time). */
  meta: string;
  eyebrow: string;
  speakers: Array<{ name: string; role: string; company?: string }>;
  html: string;
  /** The registration form section: FormSection renders the WebinarForm, which posts to `hubspotFormId`. */
  form: FormSectionContent;
  hubspotFormId: string;
}

export function WebinarView({
  crumbs,
  title,
  description,
  meta,
  eyebrow,
  speakers,
  html,
  form,
  hubspotFormId,
}: WebinarViewProps) {
  return (
    <article>
      <PageHeader crumbs={crumbs} eyebrow={eyebrow} title={title} lead={description}>
        <Meta>{meta}</Meta>
      </PageHeader>
      <Container>
        <Columns>
          <MarkdownBody html={html} />
          <Speakers aria-labelledby="speakers-title">
            <Heading level={2} size="sm" id="speakers-title">
              Speakers
            </Heading>
            <ul>
              {speakers.map((speaker) => (
                <li key={speaker.name}>
                  <strong>{speaker.name}</strong>
                  <span>
                    {speaker.role}
                    {speaker.company ? `, ${speaker.company}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          </Speakers>
        </Columns>
      </Container>
      <div data-webinar-form-slot="WebinarForm" data-hubspot-form-id={hubspotFormId}>
        <FormSection {...form} extra={{ hubspotFormId, formName: title }} />
      </div>
    </article>
  );
}

const Meta = styled.p`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  color: ${theme.colors.inkSoft};
`;

const Columns = styled.div`
  display: grid;
  gap: ${theme.space[7]};
  padding-block: ${theme.space[7]};

  ${media.up("lg")} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
    padding-block: ${theme.space[8]};
  }
`;

const Speakers = styled.section`
  align-self: start;
  padding: ${theme.space[5]};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surfaceAlt};

  ul {
    display: grid;
    gap: ${theme.space[4]};
    margin: ${theme.space[4]} 0 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: flex;
    flex-direction: column;
  }
  span {
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.inkSoft};
  }
`;
