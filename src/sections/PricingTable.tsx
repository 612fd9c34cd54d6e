/** Plans side by side: name, price, who it is for, what it includes and a call to action. */
import * as React from "react";
import styled, { css } from "styled-components";
import type { PricingTableContent } from "../data/sectionSchemas";
import { Button } from "../components/Button";
import { Container } from "../components/Container";
import { Heading } from "../components/Heading";
import { Icon } from "../components/Icon";
import { SectionIntro } from "../components/SectionIntro";
import { SectionShell } from "../components/SectionShell";
import { Text } from "../components/Text";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

export function PricingTable({ eyebrow, title, lead, plans, note, id }: PricingTableContent) {
  return (
    <SectionShell id={id}>
      <Container>
        <SectionIntro eyebrow={eyebrow} title={title} lead={lead} center />
        <Plans role="list" $count={plans.length}>
          {plans.map((plan) => (
            <Plan key={plan.name} $highlighted={plan.highlighted}>
              {plan.highlighted ? <Flag>Most popular</Flag> : null}
              <Heading level={3} size="md">
                {plan.name}
              </Heading>
              <Price>
                <strong>{plan.price}</strong>
                {plan.period ? <span> {plan.period}</span> : null}
              </Price>
              <Text $size="sm">{plan.description}</Text>
              <Button
                href={plan.cta.href}
                data-cta="pricing"
                variant={plan.cta.variant ?? (plan.highlighted ? "primary" : "secondary")}
              >
                {plan.cta.label}
              </Button>
              <Features role="list">
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <Icon name="check" size={1} />
                    <span>{feature}</span>
                  </li>
                ))}
              </Features>
            </Plan>
          ))}
        </Plans>
        {note ? <Note>{note}</Note> : null}
      </Container>
    </SectionShell>
  );
}

const Plans = styled.ul<{ $count: number }>`
  display: grid;
  gap: ${theme.space[5]};

  ${media.up("lg")} {
    grid-template-columns: repeat(${({ $count }) => $count}, minmax(0, 1fr));
    align-items: stretch;
  }
`;

const Plan = styled.li<{ $highlighted: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
  padding: ${theme.space[6]};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  ${({ $highlighted }) =>
    $highlighted
      ? css`
          border: 2px solid ${theme.colors.accent};
          box-shadow: ${theme.shadows.md};
        `
      : css`
          border: ${theme.borders.hairline} solid ${theme.colors.line};
        `}
`;

const Flag = styled.span`
  position: absolute;
  top: -0.8rem;
  left: ${theme.space[6]};
  padding: 0 ${theme.space[3]};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.accent};
  color: ${theme.colors.surface};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.semibold};
  line-height: 1.6rem;
`;

const Price = styled.p`
  color: ${theme.colors.muted};
  strong {
    font-size: ${theme.fontSizes["2xl"]};
    font-weight: ${theme.fontWeights.heavy};
    color: ${theme.colors.ink};
  }
`;

const Features = styled.ul`
  display: grid;
  gap: ${theme.space[2]};
  padding-top: ${theme.space[4]};
  border-top: ${theme.borders.hairline} solid ${theme.colors.line};
  font-size: ${theme.fontSizes.sm};

  li {
    display: flex;
    gap: ${theme.space[2]};
    align-items: flex-start;
  }
  svg {
    margin-top: 0.2em;
    color: ${theme.colors.success};
  }
`;

const Note = styled.p`
  margin-top: ${theme.space[5]};
  text-align: center;
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.muted};
`;
