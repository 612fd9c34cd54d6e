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
}: {
  placement: NewsletterPlacement;
  tone?: "light" | "dark";
  onSubscribed?: () => void;
}) {
  return (
    <Form
      definition={definitions[placement]}
      layout="inline"
      tone={tone}
      onSuccess={() => {
        markSubscribed(window.localStorage);
        onSubscribed?.();
      }}
    />
  );
}
