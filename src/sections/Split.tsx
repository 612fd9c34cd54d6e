/** Copy beside an illustration, alternating sides down a page. */
import * as React from "react";
import styled from "styled-components";
import type { SplitContent } from "../data/sections";
import { Button } from "../components/Button";
import { Container } from "../components/Container";
import { Heading } from "../components/Heading";
import { Icon } from "../components/Icon";
import { Prose } from "../components/Prose";
import { SectionShell } from "../components/SectionShell";
import { Eyebrow } from "../components/Text";
import { media } from "../styles/media";
import { Illustration } from "./Illustration";

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
          {eyebrow ? <Eyebrow $inverse={dark}>{eyebrow}</Eyebrow> : null}
          <Heading level={2} size="lg">
            {title}
          </Heading>
          {html ? (
            <Prose $inverse={dark} dangerouslySetInnerHTML={{ __html: html }} />
          ) : (
            <Prose $inverse={dark}>{body}</Prose>
          )}
          {bullets.length > 0 ? (
            <Bullets role="list" $dark={dark}>
              {bullets.map((bullet) => (
                <li key={bullet}>
                  <Icon name="check" />
                  <span>{bullet}</span>
                </li>
              ))}
            </Bullets>
          ) : null}
          {ctas.length > 0 ? (
            <Actions>
              {ctas.map((cta, index) => (
                <Button
                  key={cta.href}
                  href={cta.href}
                  variant={cta.variant ?? (index === 0 ? "primary" : "secondary")}
                >
                  {cta.label}
                </Button>
              ))}
            </Actions>
          ) : null}
        </Copy>
        <Illustration name={visual} />
      </Layout>
    </SectionShell>
  );
}

const Layout = styled(Container)<{ $reverse: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space[7]};
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
  gap: ${({ theme }) => theme.space[4]};
`;

const Bullets = styled.ul<{ $dark: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};

  li {
    display: flex;
    gap: ${({ theme }) => theme.space[2]};
    align-items: flex-start;
  }
  svg {
    margin-top: 0.2em;
    color: ${({ theme, $dark }) => ($dark ? theme.colors.accentOnNight : theme.colors.accent)};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`;
