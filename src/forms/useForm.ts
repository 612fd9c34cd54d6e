/** The one hook behind every form: values, client validation with the shared schema, posting, state. */
import * as React from "react";
import type { ZodError } from "zod";
import { SENDING_ATTRIBUTE } from "../components/Button";
import { afterNextPaint } from "../runtime/nextTask";
import { buildPayload } from "./enrich";
import { loadPayloadSchemas } from "./payloadSchemas";
import { HONEYPOT_FIELD } from "../leads/constants";
import {
  eventForAnswer,
  failureMessages,
  formReducer,
  initialFormState,
  type FieldErrors,
  type FormEvent,
  type FormState,
} from "./formState";
import type { LeadContext } from "../providers/lead-context/leadContext";
import { useLeadContext } from "./useLeadContext";
import type { FormDefinition, FormValues } from "./types";

export type SubmitOutcome = {
  payload: Record<string, unknown>;
  context: LeadContext;
  leadId?: string;
};

export type UseFormOptions = {
  /** Values the visitor does not type (e.g. the webinar's form id), merged into the payload. */
  extra?: Record<string, unknown>;
  /** Called once a lead was accepted: analytics events and follow-up steps hang here. */
  onSuccess?: (outcome: SubmitOutcome) => void;
  /** Extra checks before posting (e.g. "a token was already sent to this email"). */
  validate?: (values: FormValues) => FieldErrors;
  /**
   * Payload values the visitor types outside the form element (the ROI calculator's inputs): their
   * messages, from the client check or the server, count as shown, and focus can go to them.
   */
  outsideFields?: readonly OutsideField[];
};

/** A payload key typed into a control outside the form, and that control's element id. */
export type OutsideField = { name: string; domId: string };

export type UseForm = {
  state: FormState;
  /** Clears a field's message once the visitor edits it. */
  edited(name: string): void;
  submit(event: React.FormEvent<HTMLFormElement>): Promise<void>;
  reset(): void;
};

/**
 * The values as the form holds them. Inputs are uncontrolled, so what a visitor typed before the page
 * hydrated is still there, and a failed attempt keeps everything for the retry.
 */
export function readValues(
  form: HTMLFormElement,
  definition: Pick<FormDefinition, "fields">,
): FormValues {
  const data = new FormData(form);
  const values: FormValues = {};
  for (const field of definition.fields) {
    values[field.name] =
      field.kind === "checkbox"
        ? data.get(field.name) !== null
        : String(data.get(field.name) ?? "");
  }
  const trap = data.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap !== "") values[HONEYPOT_FIELD] = trap;
  return values;
}

/** zod issues → the first message per visible field (hidden context fields are the site's problem). */
export function clientFieldErrors(error: ZodError, visible: readonly string[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    if (visible.includes(key)) fields[key] ??= issue.message;
  }
  return fields;
}

/** A random UUID (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newSubmissionKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function useForm(definition: FormDefinition, options: UseFormOptions = {}): UseForm {
  const [state, dispatch] = React.useReducer(formReducer, initialFormState);
  const readContext = useLeadContext();
  // A ref, not state: two clicks in the same frame must still send one request.
  const inFlight = React.useRef(false);
  // One Idempotency-Key per submission: a retry of the same data reuses it, so the server stores
  // one lead however often the answer is lost; changed data is a new submission with a new key.
  const submission = React.useRef<{ body: string; key: string } | null>(null);
  const optionsRef = React.useRef(options);
  optionsRef.current = options;

  const edited = React.useCallback((name: string) => dispatch({ type: "edit", field: name }), []);
  // The form the tap marked busy, until React's state says so itself (any status it commits after the tap).
  const sendingForm = React.useRef<HTMLFormElement | null>(null);
  React.useEffect(() => {
    sendingForm.current?.removeAttribute(SENDING_ATTRIBUTE);
    sendingForm.current = null;
  }, [state.status]);

  const submit = React.useCallback(
    async (event: React.FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (inFlight.current) return;
      const form = event.currentTarget;
      const values = readValues(form, definition);
      inFlight.current = true;
      const own = optionsRef.current.validate?.(values) ?? {};
      if (Object.keys(own).length > 0) {
        dispatch({ type: "submit" });
        dispatch({ type: "invalid", fieldErrors: own });
        inFlight.current = false;
        return;
      }
      try {
        // The tap's frame shows the busy button without React: an attribute whose style only repaints the
        // button (nothing is laid out again). React's render of "Sending…" comes in the frame after, and
        // removes the attribute once its own state shows the same (below). Loading and running the schemas
        // and starting the request follow that frame; they are a function of their own, so the tap does not
        // compile them either: V8 compiles a function on its first call.
        form.setAttribute(SENDING_ATTRIBUTE, "");
        sendingForm.current = form;
        await afterNextPaint();
        dispatch({ type: "submit" });
        await afterNextPaint();
        await send({ definition, values, options: optionsRef, readContext, submission, dispatch });
      } catch {
        // The schema chunk failed to load (offline after the page came): same advice as a network error.
        dispatch(networkFailure());
      } finally {
        inFlight.current = false;
      }
    },
    [definition, readContext],
  );

  const reset = React.useCallback(() => dispatch({ type: "reset" }), []);

  return { state, edited, submit, reset };
}

type Send = {
  definition: FormDefinition;
  values: FormValues;
  /** The form's latest options (its success callback may change between renders). */
  options: { current: UseFormOptions };
  readContext: () => Promise<LeadContext>;
  /** The submission's body and Idempotency-Key, kept across attempts. */
  submission: { current: { body: string; key: string } | null };
  dispatch: (event: FormEvent) => void;
};

/** The failure a request that never got an answer reports: offline, or the network in between. */
function networkFailure(): FormEvent {
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  return { type: "failed", message: offline ? failureMessages.offline : failureMessages.network };
}

/** After the tap's frame: checks the payload with the shared schema, posts it, and reports the answer. */
async function send({ definition, values, options, readContext, submission, dispatch }: Send) {
  const visible = [
    ...definition.fields.map((field) => field.name),
    ...(options.current.outsideFields ?? []).map((field) => field.name),
  ];
  const [payloads, context] = await Promise.all([loadPayloadSchemas(), readContext()]);
  const schema = payloads.endpointSchemas[definition.endpoint];
  const payload = buildPayload(definition, values, context, options.current.extra);
  const checked = schema.safeParse(payload);
  if (!checked.success) {
    const fieldErrors = clientFieldErrors(checked.error, visible);
    if (Object.keys(fieldErrors).length > 0) {
      dispatch({ type: "invalid", fieldErrors });
      return;
    }
    // Only context fields failed: let the server decide rather than blocking the visitor.
  }
  const body = JSON.stringify(payload);
  if (submission.current?.body !== body) submission.current = { body, key: newSubmissionKey() };
  let response: Response;
  try {
    response = await fetch(definition.endpoint, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        "idempotency-key": submission.current.key,
      },
      body,
    });
  } catch {
    dispatch(networkFailure());
    return;
  }
  let answer: unknown = null;
  try {
    answer = await response.json();
  } catch {
    answer = null;
  }
  const next = eventForAnswer({ status: response.status, body: answer }, visible);
  dispatch(next);
  if (next.type === "succeeded") {
    options.current.onSuccess?.({
      payload,
      context,
      ...(next.leadId ? { leadId: next.leadId } : {}),
    });
  }
}
