/** The form state machine: Default → Loading → Success | Failed (with an optional message). */
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
  /**
   * How many submit attempts have been answered (refused by the client check, failed or accepted).
   * The Form moves focus when this grows, never when an edit merely changes the messages.
   */
  answered: number;
};

export type FormEvent =
  | { type: "submit" }
  | { type: "invalid"; fieldErrors: FieldErrors }
  | { type: "succeeded"; leadId?: string }
  | { type: "failed"; message: string; fieldErrors?: FieldErrors }
  | { type: "edit"; field: string }
  | { type: "reset" };

export const initialFormState: FormState = { status: "default", fieldErrors: {}, answered: 0 };

export function formReducer(state: FormState, event: FormEvent): FormState {
  switch (event.type) {
    case "submit":
      // A second submit while one is in flight changes nothing: no double submission.
      if (state.status === "loading") return state;
      return { status: "loading", fieldErrors: {}, answered: state.answered };
    case "invalid":
      return { status: "default", fieldErrors: event.fieldErrors, answered: state.answered + 1 };
    case "succeeded":
      if (state.status !== "loading") return state;
      return {
        status: "success",
        fieldErrors: {},
        answered: state.answered + 1,
        ...(event.leadId ? { leadId: event.leadId } : {}),
      };
    case "failed":
      if (state.status !== "loading") return state;
      return {
        status: "failed",
        message: event.message,
        fieldErrors: event.fieldErrors ?? {},
        answered: state.answered + 1,
      };
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
  /** The server refused a value the visitor neither sees nor typed (context, a page's own setting). */
  notVisible:
    "We couldn't send this form because of a problem on our side, not with what you typed. Your details are still here: please try again, or email us if it happens again.",
} as const;

/**
 * Plainer words for the few hidden values a visitor can understand being refused. Anything else
 * hidden gets `failureMessages.notVisible`: naming an internal field would not help anyone.
 */
const hiddenFieldMessages: Readonly<Record<string, string>> = {
  hubspotFormId:
    "Registration for this webinar isn't open right now, so we couldn't sign you up. Your details are still here if you want to try again later, or email us and we'll help.",
};

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
  const serverMessage = typeof body?.error?.message === "string" ? body.error.message : undefined;
  if (answer.status === 422) {
    if (hidden.length === 0 && Object.keys(shown).length > 0) {
      return { type: "failed", message: failureMessages.fields, fieldErrors: shown };
    }
    // "Check the highlighted fields" with nothing highlighted leaves a visitor stuck: say what happened.
    const known = hidden.map((name) => hiddenFieldMessages[name]).find(Boolean);
    const message =
      known ??
      (hidden.length === 0 && serverMessage && serverMessage !== failureMessages.fields
        ? serverMessage
        : failureMessages.notVisible);
    return { type: "failed", message, fieldErrors: shown };
  }
  if (answer.status >= 400 && answer.status < 500 && serverMessage !== undefined) {
    return { type: "failed", message: serverMessage, fieldErrors: shown };
  }
  return { type: "failed", message: failureMessages.server };
}
