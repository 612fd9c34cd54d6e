/** The form state machine of SPEC §4: Default → Loading → Success | Failed (with an optional message). */
/** Field name → message shown beside it. */
export type FieldErrors = Record<string, string>;

export type FormStatus = "default" | "loading" | "success" | "failed";

export type FormState = {
  status: FormStatus;
  /** Failed: what went wrong and what to do; Success: unused. */
  message?: string;
  fieldErrors: FieldErrors;
  /** The answer's lead id, once accepted. */
  leadId?: string;
};

export type FormEvent =
  | { type: "submit" }
  | { type: "invalid"; fieldErrors: FieldErrors }
  | { type: "succeeded"; leadId?: string }
  | { type: "failed"; message: string; fieldErrors?: FieldErrors }
  | { type: "edit"; field: string }
  | { type: "reset" };

export const initialFormState: FormState = { status: "default", fieldErrors: {} };

export function formReducer(state: FormState, event: FormEvent): FormState {
  switch (event.type) {
    case "submit":
      // A second submit while one is in flight changes nothing: no double submission.
      if (state.status === "loading") return state;
      return { status: "loading", fieldErrors: {} };
    case "invalid":
      return { status: "default", fieldErrors: event.fieldErrors };
    case "succeeded":
      if (state.status !== "loading") return state;
      return {
        status: "success",
        fieldErrors: {},
        ...(event.leadId ? { leadId: event.leadId } : {}),
      };
    case "failed":
      if (state.status !== "loading") return state;
      return { status: "failed", message: event.message, fieldErrors: event.fieldErrors ?? {} };
    case "edit": {
      if (!(event.field in state.fieldErrors)) return state;
      const { [event.field]: _cleared, ...rest } = state.fieldErrors;
      return { ...state, fieldErrors: rest };
    }
    case "reset":
      return initialFormState;
  }
}

export const failureMessages = {
  offline:
    "You seem to be offline. Your details are still here: reconnect and press the button again.",
  network:
    "We couldn't reach our server. Your details are still here, so please try again in a moment.",
  fields: "Please check the highlighted fields.",
  server:
    "Something went wrong on our side. Your details are still here, so please try again in a moment.",
} as const;

type Answer = { status: number; body: unknown };

/** Classifies the function's answer into the next event (pure, so every branch is unit-tested). */
export function eventForAnswer(answer: Answer, visibleFields: readonly string[]): FormEvent {
  const body = answer.body as {
    ok?: boolean;
    id?: string;
    error?: { message?: string; fields?: FieldErrors };
  } | null;
  if (answer.status >= 200 && answer.status < 300) {
    return { type: "succeeded", ...(typeof body?.id === "string" ? { leadId: body.id } : {}) };
  }
  const fields = body?.error?.fields ?? {};
  const shown: FieldErrors = {};
  const hidden: string[] = [];
  for (const [name, text] of Object.entries(fields)) {
    if (visibleFields.includes(name)) shown[name] = text;
    else hidden.push(name);
  }
  if (answer.status === 422 && Object.keys(shown).length > 0 && hidden.length === 0) {
    return { type: "failed", message: failureMessages.fields, fieldErrors: shown };
  }
  if (answer.status >= 400 && answer.status < 500 && typeof body?.error?.message === "string") {
    return { type: "failed", message: body.error.message, fieldErrors: shown };
  }
  return { type: "failed", message: failureMessages.server };
}
