/** Renders any form definition: fields, the hidden honeypot, the state messages and the success panel. */
import * as React from "react";
import styled from "styled-components";
import { Button } from "../components/Button";
import { Field, fieldDomId } from "./fields/Field";
import { Honeypot } from "./fields/Honeypot";
import { reportSubmitted } from "./formEvents";
import type { FieldErrors } from "./formState";
import type { FormDefinition } from "./types";
import { useForm, type SubmitOutcome, type UseFormOptions } from "./useForm";
import { theme } from "../styles/theme";

export type FormProps = UseFormOptions & {
  definition: FormDefinition;
  /** "inline": one row of fields and the button (newsletter); "stacked": a full form. */
  layout?: "stacked" | "inline";
  tone?: "light" | "dark";
  /** Disables the whole form with this explanation (e.g. waiting for a visitor id). */
  disabledReason?: string;
  /** Replaces the default success panel (e.g. the signup options, the region-aware next step). */
  renderSuccess?: (outcome: SubmitOutcome | null) => React.ReactNode;
  /** An id prefix, when one page shows the same form twice. */
  idPrefix?: string;
  /**
   * Called with the field messages each time a submit attempt is answered (empty on success), so
   * controls outside the form (see `outsideFields`) can show theirs.
   */
  onFieldErrors?: (fieldErrors: FieldErrors) => void;
};

export function Form({
  definition,
  layout = "stacked",
  tone = "light",
  disabledReason,
  renderSuccess,
  idPrefix,
  onFieldErrors,
  ...options
}: FormProps) {
  const [outcome, setOutcome] = React.useState<SubmitOutcome | null>(null);
  const { onSuccess } = options;
  const form = useForm(definition, {
    ...options,
    onSuccess: (result) => {
      setOutcome(result);
      reportSubmitted(definition, result, window.location.pathname);
      onSuccess?.(result);
    },
  });
  const { state, edited, submit } = form;
  const generatedId = React.useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const formId = idPrefix ?? `${definition.id}-${generatedId}`;
  // Until hydration the button cannot work; a click then would submit the page natively.
  const [ready, setReady] = React.useState(false);
  React.useEffect(() => setReady(true), []);
  const successRef = React.useRef<HTMLDivElement>(null);
  const formRef = React.useRef<HTMLFormElement>(null);
  const loading = state.status === "loading";
  const disabled = Boolean(disabledReason);

  // After a submit attempt's answer, put the visitor on the first field to fix. Only then: editing a
  // field clears its message, and focus must not jump to the next one while the visitor types.
  const { outsideFields } = options;
  const handledAnswer = React.useRef(state.answered);
  React.useEffect(() => {
    if (state.answered === handledAnswer.current) return;
    handledAnswer.current = state.answered;
    onFieldErrors?.(state.fieldErrors);
    const controls = [
      ...definition.fields.map((field) => ({
        name: field.name,
        domId: fieldDomId(formId, field.name),
      })),
      ...(outsideFields ?? []),
    ]
      .filter((control) => state.fieldErrors[control.name])
      .map((control) => document.getElementById(control.domId))
      .filter((element): element is HTMLElement => element !== null);
    // Outside controls may sit above the form: the first to fix is the first on the page.
    controls.sort((a, b) =>
      a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
    );
    controls[0]?.focus();
  }, [state.answered, state.fieldErrors, definition.fields, formId, outsideFields, onFieldErrors]);

  React.useEffect(() => {
    if (state.status === "success") successRef.current?.focus();
  }, [state.status]);

  if (state.status === "success") {
    return (
      <SuccessPanel
        ref={successRef}
        tabIndex={-1}
        role="status"
        $tone={tone}
        data-form-state="success"
      >
        {renderSuccess ? (
          renderSuccess(outcome)
        ) : (
          <>
            <SuccessTitle>{definition.success.title}</SuccessTitle>
            <p>{definition.success.body}</p>
          </>
        )}
      </SuccessPanel>
    );
  }

  return (
    <StyledForm
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-busy={loading}
      data-form-id={definition.id}
      data-form-state={state.status}
      $layout={layout}
    >
      {disabledReason ? <Notice $tone={tone}>{disabledReason}</Notice> : null}
      <Fields $layout={layout}>
        {definition.fields.map((field) => (
          <Field
            key={field.name}
            formId={formId}
            field={field}
            error={state.fieldErrors[field.name]}
            disabled={disabled}
            onEdit={edited}
            $tone={tone}
          />
        ))}
        <Honeypot formId={formId} />
        <Actions $layout={layout}>
          <Button
            type="submit"
            // Sending: busy, not disabled. A disabled button loses the focus the tap (or Enter) gave it, so a
            // keyboard or screen-reader visitor would be put back at the top of the page; the click is ignored
            // while a request is in flight (useForm).
            disabled={!ready || disabled}
            aria-disabled={loading || undefined}
            variant={tone === "dark" ? "inverse" : "primary"}
          >
            {loading
              ? "Sending…"
              : state.status === "failed"
                ? "Try again"
                : definition.submitLabel}
          </Button>
        </Actions>
      </Fields>
      <Live role="alert" aria-live="assertive">
        {state.status === "failed" && state.message ? (
          <FailedText $tone={tone}>{state.message}</FailedText>
        ) : null}
      </Live>
      {definition.note && layout === "stacked" ? <Note $tone={tone}>{definition.note}</Note> : null}
    </StyledForm>
  );
}

const StyledForm = styled.form<{ $layout: "stacked" | "inline" }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  width: 100%;
`;

const Fields = styled.div<{ $layout: "stacked" | "inline" }>`
  display: grid;
  gap: ${theme.space[4]};
  grid-template-columns: ${({ $layout }) => ($layout === "inline" ? "minmax(0, 1fr)" : "repeat(2, minmax(0, 1fr))")};
  align-items: ${({ $layout }) => ($layout === "inline" ? "end" : "start")};

  @media (min-width: ${theme.breakpoints.sm}px) {
    grid-template-columns: ${({ $layout }) =>
      $layout === "inline" ? "minmax(0, 1fr) auto" : "repeat(2, minmax(0, 1fr))"};
  }
  @media (max-width: ${theme.breakpoints.sm - 1}px) {
    & > * {
      grid-column: 1 / -1;
    }
  }
`;

const Actions = styled.div<{ $layout: "stacked" | "inline" }>`
  grid-column: ${({ $layout }) => ($layout === "inline" ? "auto" : "1 / -1")};
  display: flex;

  button {
    min-height: 44px;
  }
`;

const Live = styled.div`
  &:empty {
    display: none;
  }
`;

const FailedText = styled.p<{ $tone: "light" | "dark" }>`
  margin: 0;
  padding: ${theme.space[2]} ${theme.space[3]};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.dangerSoft};
  color: ${theme.colors.danger};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
`;

const Notice = styled.p<{ $tone: "light" | "dark" }>`
  margin: 0;
  padding: ${theme.space[2]} ${theme.space[3]};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.warningSoft};
  color: ${theme.colors.warning};
  font-size: ${theme.fontSizes.sm};
`;

const Note = styled.p<{ $tone: "light" | "dark" }>`
  margin: 0;
  font-size: ${theme.fontSizes.xs};
  color: ${({ $tone }) => ($tone === "dark" ? theme.colors.onNightMuted : theme.colors.muted)};
`;

const SuccessPanel = styled.div<{ $tone: "light" | "dark" }>`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  padding: ${theme.space[4]};
  border-radius: ${theme.radii.md};
  background: ${({ $tone }) => ($tone === "dark" ? theme.colors.nightSoft : theme.colors.successSoft)};
  color: ${({ $tone }) => ($tone === "dark" ? theme.colors.onNight : theme.colors.ink)};
  border-left: 4px solid ${theme.colors.success};

  &:focus {
    outline: none;
  }
  p {
    margin: 0;
  }
`;

const SuccessTitle = styled.p`
  font-weight: ${theme.fontWeights.bold};
  font-size: ${theme.fontSizes.md};
`;
