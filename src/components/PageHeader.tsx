/** The opening band of a content page: breadcrumbs, label, the page's one h1, lead and any extra lines. */
import * as React from "react";
import styled from "styled-components";
import type { Crumb } from "../data/structuredData";
import { media } from "../styles/media";
import { Breadcrumbs } from "./Breadcrumbs";
import { Container } from "./Container";
import { SectionIntro } from "./SectionIntro";
import { theme } from "../styles/theme";

export interface PageHeaderProps {
  crumbs: readonly Crumb[];
  eyebrow?: string;
  title: string;
  lead?: string;
  children?: React.ReactNode;
  narrow?: boolean;
}

export function PageHeader({
  crumbs,
  eyebrow,
  title,
  lead,
  children,
  narrow = false,
}: PageHeaderProps) {
  return (
    <Band>
      <Container $narrow={narrow}>
        <Inner>
          <Breadcrumbs crumbs={crumbs} />
          <SectionIntro
            eyebrow={eyebrow}
            title={title}
            lead={lead}
            level={1}
            size={narrow ? "xl" : "display"}
            bare
          />
          {children}
        </Inner>
      </Container>
    </Band>
  );
}

const Band = styled.header`
  padding-block: ${theme.space[7]} ${theme.space[7]};
  background: ${theme.colors.surfaceAlt};
  border-bottom: ${theme.borders.hairline} solid ${theme.colors.line};
  color: ${theme.colors.ink};

  ${media.up("lg")} {
    padding-block: ${theme.space[8]} ${theme.space[7]};
  }
`;

const Inner = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
  max-width: 52rem;
`;
