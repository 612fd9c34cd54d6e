/** The ROI calculator: four inputs, the estimate updating as you type, and the email form that sends it. */
import * as React from "react";
import styled from "styled-components";
import type { ZodObject } from "zod";
import { Form } from "./Form";
import { ErrorText } from "./fields/Field";
import { tracking } from "../providers/analytics/tracking";
import type { FieldErrors } from "./formState";
import { ROI_ASSUMPTIONS, estimateRoi, formatDollars } from "./roi";
import {
  ROI_DERIVED_INPUT,
  roiInputErrors,
  roiInputErrorsFrom,
  roiInputFields,
  roiInputKeys,
  roiLimits,
  roiNumbers,
  roiPayloadValues,
  type RoiInputErrors,
  type RoiInputKey,
  type RoiLimits,
  type RoiRaw,
} from "./roiInputs";
import { loadPayloadSchemas } from "./payloadSchemas";
import { roiFields } from "../leads/roiFields";
import type { FormDefinition } from "./types";
import type { OutsideField } from "./useForm";
import { theme } from "../styles/theme";

const inputs: { key: RoiInputKey; label: string; hint: string; step: number }[] = [
  {
    key: "fraudLoss",
    label: "Approximate fraud loss per year ($)",
    hint: "Money, goods or credit lost to fraud in the last 12 months.",
    step: 1000,
  },
  {
    key: "averageTransactionValue",
    label: "Average transaction value ($)",
    hint: "The typical payment, loan or order size.",
    step: 1,
  },
  {
    key: "chargebackRate",
    label: "Chargeback rate (%)",
    hint: "Share of transactions disputed, e.g. 0.8.",
    step: 0.1,
  },
  {
    key: "transactionsPerMonth",
    label: "Expected transactions per month",
    hint: "Payments, sign-ups or logins you would check.",
    step: 1000,
  },
];

const initial: RoiRaw = {
  fraudLoss: "250000",
  averageTransactionValue: "80",
  chargebackRate: "0.8",
  transactionsPerMonth: "50000",
};

// The same schema the server checks with; it arrives when the visitor starts using the calculator,
// so zod stays off the page's first load.
const loadSchema = (): Promise<ZodObject> =>
  loadPayloadSchemas().then((module) => module.roiPayload);

export function RoiCalculator({
  definition,
  idPrefix,
}: {
  definition: FormDefinition;
  idPrefix?: string;
}) {
  const [raw, setRaw] = React.useState(initial);
  const [schema, setSchema] = React.useState<ZodObject | null>(null);
  // Inputs the visitor has left, or every input once a submit was attempted: an empty one only
  // counts as a mistake then, not while it is being retyped.
  const [touched, setTouched] = React.useState<ReadonlySet<RoiInputKey>>(new Set());
  // Messages from the last submit attempt's answer (client check or server 422), until the next edit.
  const [answerErrors, setAnswerErrors] = React.useState<RoiInputErrors>({});
  const wrapper = React.useRef<HTMLDivElement>(null);
  const loading = React.useRef(false);
  const generatedId = React.useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const idBase = `roi-${idPrefix ?? generatedId}`;
  const inputId = (key: RoiInputKey) => `${idBase}-${key}`;
  // One "used" event per input the visitor touches, not one per keystroke.
  const used = React.useRef(new Set<RoiInputKey>());
  // The calculator is server-rendered: a visitor may type before its code runs. Adopt those values.
  React.useEffect(() => {
    const typed = { ...initial };
    let changed = false;
    for (const element of wrapper.current?.querySelectorAll<HTMLInputElement>("input[name]") ??
      []) {
      const key = element.name as RoiInputKey;
      if (key in typed && element.value !== initial[key]) {
        typed[key] = element.value;
        changed = true;
      }
    }
    if (changed) setRaw(typed);
    // Typed into, or focused, before this code ran: the focus event that fetches the schema is past.
    if (changed || wrapper.current?.contains(document.activeElement)) wantSchema();
  }, []);

  function wantSchema() {
    if (loading.current) return;
    loading.current = true;
    loadSchema().then(setSchema, () => {
      // Offline: the form's own check on submit says so; try again on the next interaction.
      loading.current = false;
    });
  }

  const numbers = roiNumbers(raw);
  const estimate = estimateRoi(numbers);
  const extra = roiPayloadValues(numbers);
  const live = schema ? roiInputErrors(schema, extra) : {};
  const limits: RoiLimits = React.useMemo(() => (schema ? roiLimits(schema) : {}), [schema]);
  const errorFor = (key: RoiInputKey): string | undefined =>
    answerErrors[key] ?? (touched.has(key) || raw[key].trim() !== "" ? live[key] : undefined);

  const outsideFields = React.useMemo<OutsideField[]>(
    () => [
      ...roiInputKeys.map((key) => ({ name: roiInputFields[key], domId: `${idBase}-${key}` })),
      // The computed values are fixed at the input that drives them.
      ...[roiFields.estimatedCost, roiFields.estimatedSaving].map((name) => ({
        name,
        domId: `${idBase}-${ROI_DERIVED_INPUT}`,
      })),
    ],
    [idBase],
  );
  const onFieldErrors = React.useCallback((fieldErrors: FieldErrors) => {
    setAnswerErrors(roiInputErrorsFrom(fieldErrors));
    setTouched(new Set(roiInputKeys));
  }, []);

  return (
    <Wrapper ref={wrapper} data-roi-calculator onFocus={wantSchema}>
      <Inputs>
        {inputs.map((input) => {
          const error = errorFor(input.key);
          const hintId = `${inputId(input.key)}-hint`;
          const errorId = `${inputId(input.key)}-error`;
          return (
            <Control key={input.key}>
              <label htmlFor={inputId(input.key)}>{input.label}</label>
              <input
                id={inputId(input.key)}
                name={input.key}
                type="number"
                inputMode="decimal"
                min={limits[input.key]?.min}
                max={limits[input.key]?.max}
                step={input.step}
                value={raw[input.key]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${hintId} ${errorId}` : hintId}
                onBlur={() =>
                  setTouched((current) =>
                    current.has(input.key) ? current : new Set([...current, input.key]),
                  )
                }
                onChange={(event) => {
                  wantSchema();
                  setRaw((current) => ({ ...current, [input.key]: event.target.value }));
                  // Every input feeds the computed values, so any edit retires the last answer's messages.
                  setAnswerErrors({});
                  if (!used.current.has(input.key)) {
                    used.current.add(input.key);
                    tracking.roiCalculatorUsed({ field: input.key });
                  }
                }}
              />
              <Hint id={hintId}>{input.hint}</Hint>
              {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
            </Control>
          );
        })}
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
      <Form
        definition={definition}
        {...(idPrefix ? { idPrefix } : {})}
        extra={extra}
        outsideFields={outsideFields}
        onFieldErrors={onFieldErrors}
      />
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[5]};
`;

const Inputs = styled.div`
  display: grid;
  gap: ${theme.space[4]};
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
`;

const Control = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[1]};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};

  input {
    min-height: 44px;
    padding: ${theme.space[2]} ${theme.space[3]};
    border: ${theme.borders.hairline} solid ${theme.colors.lineStrong};
    border-radius: ${theme.radii.sm};
    font: inherit;
    font-size: ${theme.fontSizes.md};
  }
  input:focus-visible {
    outline: ${theme.borders.focus} solid ${theme.colors.focus};
  }
  input[aria-invalid="true"] {
    border-color: ${theme.colors.danger};
  }
`;

const Hint = styled.p`
  margin: 0;
  font-weight: ${theme.fontWeights.regular};
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.muted};
`;

const Results = styled.dl`
  display: grid;
  gap: ${theme.space[3]};
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  margin: 0;
`;

const Result = styled.div<{ $highlight?: boolean }>`
  padding: ${theme.space[3]};
  border-radius: ${theme.radii.md};
  background: ${({ $highlight }) => ($highlight ? theme.colors.successSoft : theme.colors.surfaceAlt)};

  dt {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.inkSoft};
  }
  dd {
    margin: 0;
    font-size: ${theme.fontSizes.xl};
    font-weight: ${theme.fontWeights.bold};
    font-variant-numeric: tabular-nums;
  }
`;

const Assumptions = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.muted};
`;
