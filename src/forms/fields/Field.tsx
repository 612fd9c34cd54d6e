/** One labelled form control of any kind, with its hint and error tied to it for assistive technology. */
import * as React from "react";
import styled, { css } from "styled-components";
import type { FieldDefinition } from "../types";
import { theme } from "../../styles/theme";

export type FieldProps = {
  formId: string;
  field: FieldDefinition;
  error?: string;
  disabled?: boolean;
  /** The visitor changed the field (clears its message). */
  onEdit(name: string): void;
  $tone?: "light" | "dark";
};

export const fieldDomId = (formId: string, name: string) => `${formId}-${name}`;

/**
 * Memoised: a submit re-renders the form (its button says "Sending…"), and only a field whose message or
 * state changed needs to render again.
 */
export const Field = React.memo(function Field({
  formId,
  field,
  error,
  disabled,
  onEdit,
  $tone = "light",
}: FieldProps) {
  const id = fieldDomId(formId, field.name);
  const hintId = field.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: field.name,
    disabled,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    required: field.required,
    onChange: () => onEdit(field.name),
  } as const;

  if (field.kind === "checkbox") {
    return (
      <Wrapper $width={field.width ?? "full"}>
        <CheckRow $tone={$tone}>
          <input {...common} type="checkbox" />
          <label htmlFor={id}>{field.label}</label>
        </CheckRow>
        {field.hint ? (
          <Hint id={hintId} $tone={$tone}>
            {field.hint}
          </Hint>
        ) : null}
        {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
      </Wrapper>
    );
  }

  let control: React.ReactNode;
  if (field.kind === "textarea") {
    control = <TextArea {...common} rows={4} placeholder={field.placeholder} />;
  } else if (field.kind === "select") {
    control = (
      <Select {...common} defaultValue="">
        <option value="">Choose…</option>
        {(field.options ?? []).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    );
  } else {
    control = (
      <Input
        {...common}
        type={
          field.kind === "url"
            ? "text"
            : field.kind === "email"
              ? "email"
              : field.kind === "number"
                ? "number"
                : "text"
        }
        inputMode={field.kind === "number" ? "decimal" : field.kind === "url" ? "url" : undefined}
        autoComplete={field.autoComplete}
        placeholder={field.placeholder}
        min={field.min}
        max={field.max}
        step={field.step}
      />
    );
  }
  return (
    <Wrapper $width={field.width ?? "full"}>
      <Label htmlFor={id} $tone={$tone}>
        {field.label}
        {field.required ? null : <Optional> (optional)</Optional>}
      </Label>
      {control}
      {field.hint ? (
        <Hint id={hintId} $tone={$tone}>
          {field.hint}
        </Hint>
      ) : null}
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </Wrapper>
  );
});

const Wrapper = styled.div<{ $width: "half" | "full" }>`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[1]};
  grid-column: ${({ $width }) => ($width === "half" ? "span 1" : "1 / -1")};
  min-width: 0;
`;

const Label = styled.label<{ $tone: "light" | "dark" }>`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  color: ${({ $tone }) => ($tone === "dark" ? theme.colors.onNight : theme.colors.ink)};
`;

const Optional = styled.span`
  font-weight: ${theme.fontWeights.regular};
`;

const control = css`
  width: 100%;
  min-height: 44px;
  padding: ${theme.space[2]} ${theme.space[3]};
  border: ${theme.borders.hairline} solid ${theme.colors.lineStrong};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surface};
  color: ${theme.colors.ink};
  font: inherit;
  font-size: ${theme.fontSizes.md};

  &:focus-visible {
    outline: ${theme.borders.focus} solid ${theme.colors.focus};
    outline-offset: 1px;
  }
  &[aria-invalid="true"] {
    border-color: ${theme.colors.danger};
  }
  &:disabled {
    background: ${theme.colors.surfaceSunken};
    cursor: not-allowed;
  }
`;

const Input = styled.input`
  ${control}
`;
const TextArea = styled.textarea`
  ${control}
  resize: vertical;
`;
const Select = styled.select`
  ${control}
`;

const CheckRow = styled.div<{ $tone: "light" | "dark" }>`
  display: flex;
  align-items: flex-start;
  gap: ${theme.space[2]};
  color: ${({ $tone }) => ($tone === "dark" ? theme.colors.onNight : theme.colors.ink)};
  font-size: ${theme.fontSizes.sm};

  input {
    width: 1.15rem;
    height: 1.15rem;
    margin-top: 0.15rem;
    accent-color: ${theme.colors.accent};
  }
`;

const Hint = styled.p<{ $tone: "light" | "dark" }>`
  margin: 0;
  font-size: ${theme.fontSizes.xs};
  color: ${({ $tone }) => ($tone === "dark" ? theme.colors.onNightMuted : theme.colors.muted)};
`;

/** A field's error message under its input; the ROI calculator's inputs show theirs the same way. */
export const ErrorText = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.danger};
  background: ${theme.colors.dangerSoft};
  padding: ${theme.space[1]} ${theme.space[2]};
  border-radius: ${theme.radii.sm};
`;
