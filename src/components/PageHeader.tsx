/** The opening band of a content page: breadcrumbs, label, the page's one h1, lead and any extra lines. */
import * as React from "react";
import styled from "styled-components";
import type { Crumb } from "../data/structuredData";
import { media } from "../styles/media";
import { Breadcrumbs } from "./Breadcrumbs";
import { Container } from "./Container";
import { Heading } from "./Heading";
import { Eyebrow, Text } from "./Text";

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
          {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
          <Heading level={1} size={narrow ? "xl" : "display"}>
            {title}
          </Heading>
          {lead ? <Text $size="lg">{lead}</Text> : null}
          {children}
        </Inner>
      </Container>
    </Band>
  );
}

const Band = styled.header`
  padding-block: ${({ theme }) => `${theme.space[7]} ${theme.space[7]}`};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border-bottom: ${({ theme }) => theme.borders.hairline} solid ${({ theme }) => theme.colors.line};
  color: ${({ theme }) => theme.colors.ink};

  ${media.up("lg")} {
    padding-block: ${({ theme }) => `${theme.space[8]} ${theme.space[7]}`};
  }
`;

const Inner = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  max-width: 52rem;
`;
