/** The BotD token request: waits for the visitor id, and will not send a second token to the same email. */
import * as React from "react";
import { Form } from "./Form";
import type { FieldErrors } from "./formState";
import { rememberSent, wasSent } from "./botdTokens";
import type { FormDefinition } from "./types";
import { useKnownVisitorId } from "./useLeadContext";

export function BotdTokenForm({
  definition,
  idPrefix,
}: {
  definition: FormDefinition;
  idPrefix?: string;
}) {
  const visitorId = useKnownVisitorId();
  return (
    <Form
      definition={definition}
      {...(idPrefix ? { idPrefix } : {})}
      extra={{ name: "BotdGenerateToken" }}
      {...(visitorId
        ? {}
        : {
            disabledReason:
              "The token is tied to this browser's visitor id, which appears once identification has run (after you accept analytics cookies, or automatically outside the EU).",
          })}
      validate={(values): FieldErrors =>
        typeof values.email === "string" &&
        values.email.trim() !== "" &&
        wasSent(window.localStorage, values.email)
          ? {
              email:
                "We already sent a token to this address. Check your inbox (and spam folder) for it.",
            }
          : {}
      }
      onSuccess={({ payload }) => {
        if (typeof payload.email === "string") rememberSent(window.localStorage, payload.email);
      }}
    />
  );
}
