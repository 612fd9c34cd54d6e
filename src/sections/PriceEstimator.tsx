/** An interactive monthly price estimate for usage-based pricing, driven by a range input. */
import * as React from "react";
import styled from "styled-components";
import type { PriceEstimatorContent } from "../data/sectionSchemas";
import { estimatePrice, formatCount, formatMoney } from "./priceEstimate";
import { Button } from "../components/Button";
import { Container } from "../components/Container";
import { Heading } from "../components/Heading";
import { SectionShell } from "../components/SectionShell";
import { Text } from "../components/Text";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

export function PriceEstimator(props: PriceEstimatorContent) {
  const { title, lead, unit, min, max, step, initial, currency, note, id } = props;
  const [volume, setVolume] = React.useState(initial);
  const estimate = estimatePrice(volume, props);
  const inputId = `${id ?? "estimator"}-volume`;
  return (
    <SectionShell id={id} $tone="tinted">
      <Container>
        <Panel>
          <div>
            <Heading level={2} size="lg">
              {title}
            </Heading>
            {lead ? <Text style={{ marginTop: "0.75rem" }}>{lead}</Text> : null}
            <Field>
              <label htmlFor={inputId}>
                Monthly {unit}: <strong>{formatCount(volume)}</strong>
              </label>
              <input
                id={inputId}
                type="range"
                min={min}
                max={max}
                step={step}
                value={volume}
                onChange={(event) => setVolume(Number(event.target.value))}
                aria-valuetext={`${formatCount(volume)} ${unit} per month`}
              />
              <Scale aria-hidden="true">
                <span>{formatCount(min)}</span>
                <span>{formatCount(max)}</span>
              </Scale>
            </Field>
          </div>
          <Result aria-live="polite">
            <ResultLabel>Estimated monthly price</ResultLabel>
            {estimate.kind === "price" ? (
              <Amount data-testid="estimate">{formatMoney(estimate.amount, currency)}</Amount>
            ) : (
              <Amount data-testid="estimate">Custom</Amount>
            )}
            <Text $size="sm">
              {estimate.kind === "price"
                ? `for ${formatCount(volume)} ${unit}, ${formatCount(props.included)} included`
                : "At this volume we tailor pricing to your traffic."}
            </Text>
            <Button
              href="/contact-sales/"
              variant={estimate.kind === "custom" ? "primary" : "secondary"}
            >
              Talk to sales
            </Button>
          </Result>
        </Panel>
        {note ? <Note>{note}</Note> : null}
      </Container>
    </SectionShell>
  );
}

const Panel = styled.div`
  display: grid;
  gap: ${theme.space[6]};
  padding: ${theme.space[6]};
  border-radius: ${theme.radii.lg};
  border: ${theme.borders.hairline} solid ${theme.colors.line};
  background: ${theme.colors.surface};

  ${media.up("lg")} {
    grid-template-columns: 1.4fr 1fr;
    align-items: center;
    padding: ${theme.space[7]};
  }
`;

const Field = styled.div`
  display: grid;
  gap: ${theme.space[2]};
  margin-top: ${theme.space[5]};

  input[type="range"] {
    width: 100%;
    accent-color: ${theme.colors.accent};
    min-height: 2rem;
  }
`;

const Scale = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.muted};
`;

const Result = styled.div`
  display: grid;
  gap: ${theme.space[2]};
  justify-items: start;
  padding: ${theme.space[5]};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceAlt};
`;

const ResultLabel = styled.p`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.muted};
`;

const Amount = styled.p`
  font-size: ${theme.fontSizes["3xl"]};
  font-weight: ${theme.fontWeights.heavy};
  color: ${theme.colors.ink};
  font-variant-numeric: tabular-nums;
`;

const Note = styled.p`
  margin-top: ${theme.space[4]};
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.muted};
`;
