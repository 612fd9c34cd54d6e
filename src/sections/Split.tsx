/** Copy beside an illustration, alternating sides down a page. */
import * as React from "react";
import styled from "styled-components";
import type { SplitContent } from "../data/sectionSchemas";
import { CheckList } from "../components/CheckList";
import { CtaGroup } from "../components/CtaGroup";
import { Container } from "../components/Container";
import { Prose } from "../components/Prose";
import { SectionIntro } from "../components/SectionIntro";
import { SectionShell } from "../components/SectionShell";
import { media } from "../styles/media";
import { Illustration } from "./Illustration";
import { theme } from "../styles/theme";

export function Split({
  eyebrow,
  title,
  body,
  html,
  bullets,
  visual,
  reverse,
  tone,
  ctas,
  id,
}: SplitContent) {
  const dark = tone === "dark";
  return (
    <SectionShell id={id} $tone={tone}>
      <Layout $reverse={reverse}>
        <Copy>
          <SectionIntro eyebrow={eyebrow} title={title} size="lg" inverse={dark} bare />
          {html ? (
            <Prose $inverse={dark} dangerouslySetInnerHTML={{ __html: html }} />
          ) : (
            <Prose $inverse={dark}>{body}</Prose>
          )}
          <CheckList items={bullets} inverse={dark} />
          <CtaGroup ctas={ctas} />
        </Copy>
        <Illustration name={visual} />
      </Layout>
    </SectionShell>
  );
}

const Layout = styled(Container)<{ $reverse: boolean }>`
  display: grid;
  gap: ${theme.space[7]};
  align-items: center;

  ${media.up("lg")} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    > :first-child {
      order: ${({ $reverse }) => ($reverse ? 2 : 1)};
    }
    > :last-child {
      order: ${({ $reverse }) => ($reverse ? 1 : 2)};
    }
  }
`;

const Copy = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
`;
