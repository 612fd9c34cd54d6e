/** The ROI calculator: four inputs, the estimate updating as you type, and the email form that sends it. */
import * as React from "react";
import styled from "styled-components";
import { Form } from "./Form";
import { tracking } from "../providers/analytics/tracking";
import { roiFields } from "./schemas/roiFields";
import { ROI_ASSUMPTIONS, estimateRoi, formatDollars, type RoiInputs } from "./roi";
import type { FormDefinition } from "./types";

type InputKey = keyof RoiInputs;

const inputs: { key: InputKey; label: string; hint: string; step: number; max: number }[] = [
  {
    key: "fraudLoss",
    label: "Approximate fraud loss per year ($)",
    hint: "Money, goods or credit lost to fraud in the last 12 months.",
    step: 1000,
    max: 1_000_000_000_000,
  },
  {
    key: "averageTransactionValue",
    label: "Average transaction value ($)",
    hint: "The typical payment, loan or order size.",
    step: 1,
    max: 10_000_000,
  },
  {
    key: "chargebackRate",
    label: "Chargeback rate (%)",
    hint: "Share of transactions disputed, e.g. 0.8.",
    step: 0.1,
    max: 100,
  },
  {
    key: "transactionsPerMonth",
    label: "Expected transactions per month",
    hint: "Payments, sign-ups or logins you would check.",
    step: 1000,
    max: 10_000_000_000,
  },
];

const initial: Record<InputKey, string> = {
  fraudLoss: "250000",
  averageTransactionValue: "80",
  chargebackRate: "0.8",
  transactionsPerMonth: "50000",
};

export function RoiCalculator({ definition }: { definition: FormDefinition }) {
  const [raw, setRaw] = React.useState(initial);
  const wrapper = React.useRef<HTMLDivElement>(null);
  // One "used" event per input the visitor touches, not one per keystroke.
  const used = React.useRef(new Set<InputKey>());
  // The calculator is server-rendered: a visitor may type before its code runs. Adopt those values.
  React.useEffect(() => {
    const typed = { ...initial };
    let changed = false;
    for (const element of wrapper.current?.querySelectorAll<HTMLInputElement>("input[name]") ??
      []) {
      const key = element.name as InputKey;
      if (key in typed && element.value !== initial[key]) {
        typed[key] = element.value;
        changed = true;
      }
    }
    if (changed) setRaw(typed);
  }, []);
  const numbers: RoiInputs = {
    fraudLoss: Number(raw.fraudLoss) || 0,
    averageTransactionValue: Number(raw.averageTransactionValue) || 0,
    chargebackRate: Number(raw.chargebackRate) || 0,
    transactionsPerMonth: Number(raw.transactionsPerMonth) || 0,
  };
  const estimate = estimateRoi(numbers);
  const extra = {
    [roiFields.fraudLoss]: numbers.fraudLoss,
    [roiFields.averageTransaction]: numbers.averageTransactionValue,
    [roiFields.chargebackRate]: numbers.chargebackRate,
    [roiFields.estimatedCost]: estimate.estimatedCost,
    [roiFields.estimatedSaving]: estimate.estimatedSaving,
    [roiFields.transactionsPerMonth]: numbers.transactionsPerMonth,
  };

  return (
    <Wrapper ref={wrapper} data-roi-calculator>
      <Inputs>
        {inputs.map((input) => (
          <Label key={input.key}>
            <span>{input.label}</span>
            <input
              name={input.key}
              type="number"
              inputMode="decimal"
              min={0}
              max={input.max}
              step={input.step}
              value={raw[input.key]}
              aria-describedby={`roi-${input.key}-hint`}
              onChange={(event) => {
                setRaw((current) => ({ ...current, [input.key]: event.target.value }));
                if (!used.current.has(input.key)) {
                  used.current.add(input.key);
                  tracking.roiCalculatorUsed({ field: input.key });
                }
              }}
            />
            <Hint id={`roi-${input.key}-hint`}>{input.hint}</Hint>
          </Label>
        ))}
      </Inputs>
      <Results aria-live="polite">
        <Result>
          <dt>Estimated yearly fraud cost</dt>
          <dd data-roi="total">{formatDollars(estimate.totalFraudCost)}</dd>
        </Result>
        <Result>
          <dt>Estimated yearly cost of the product</dt>
          <dd data-roi="cost">{formatDollars(estimate.estimatedCost)}</dd>
        </Result>
        <Result $highlight>
          <dt>Estimated yearly saving</dt>
          <dd data-roi="saving">{formatDollars(estimate.estimatedSaving)}</dd>
        </Result>
      </Results>
      <Assumptions>
        Assumes {Math.round(ROI_ASSUMPTIONS.reduction * 100)}% of fraud losses and chargebacks
        prevented, a {formatDollars(ROI_ASSUMPTIONS.disputeFee)} fee per dispute, and one
        identification per transaction at list prices. Illustrative, not a quote.
      </Assumptions>
      <Form definition={definition} extra={extra} />
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
`;

const Inputs = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
`;

const Label = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};

  input {
    min-height: 44px;
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
    border: ${({ theme }) => theme.borders.hairline} solid ${({ theme }) => theme.colors.lineStrong};
    border-radius: ${({ theme }) => theme.radii.sm};
    font: inherit;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  input:focus-visible {
    outline: ${({ theme }) => theme.borders.focus} solid ${({ theme }) => theme.colors.focus};
  }
`;

const Hint = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.regular};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

const Results = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  margin: 0;
`;

const Result = styled.div<{ $highlight?: boolean }>`
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $highlight }) => ($highlight ? theme.colors.successSoft : theme.colors.surfaceAlt)};

  dt {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.inkSoft};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    font-variant-numeric: tabular-nums;
  }
`;

const Assumptions = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;
