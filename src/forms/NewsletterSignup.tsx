/** A newsletter sign-up block (banner, footer or popup placement), remembering the subscription. */
import * as React from "react";
import { definitions } from "./definitions/index";
import { Form } from "./Form";
import { markSubscribed } from "./subscription";

export type NewsletterPlacement =
  "NewsletterBanner" | "NewsletterFooter" | "NewsletterAnnoyingPopup";

export function NewsletterSignup({
  placement,
  tone = "light",
  onSubscribed,
  idPrefix,
}: {
  placement: NewsletterPlacement;
  tone?: "light" | "dark";
  onSubscribed?: () => void;
  /** Fixed element ids (an island hydrated by its own root cannot rely on React's generated ones). */
  idPrefix?: string;
}) {
  return (
    <Form
      definition={definitions[placement]}
      layout="inline"
      tone={tone}
      {...(idPrefix ? { idPrefix } : {})}
      onSuccess={() => {
        markSubscribed(window.localStorage);
        onSubscribed?.();
      }}
    />
  );
}
