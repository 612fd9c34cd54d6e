/** Chooses the right form for a form id on a page: the plain Form, or one of the few that add a step. */
import * as React from "react";
import styled from "styled-components";
import type { FormId } from "../leads/forms";
import { definitionFor, type FormVariant } from "./definitions/index";
import { Form } from "./Form";
import { SignupOptions } from "./SignupOptions";
import { BotdTokenForm } from "./BotdTokenForm";
import { NewsletterSignup } from "./NewsletterSignup";
import { SalesSuccessStep } from "./SalesSuccessStep";

const RoiCalculator = React.lazy(() =>
  import(/* webpackChunkName: "roi-calculator" */ "./RoiCalculator").then((module) => ({
    default: module.RoiCalculator,
  })),
);

export type LeadFormProps = {
  form: FormId;
  variant?: FormVariant;
  tone?: "light" | "dark";
  /** Webinar: the HubSpot form and the webinar's name. */
  extra?: Record<string, unknown>;
  /** Fixed element ids (an island hydrated by its own root cannot rely on React's generated ones). */
  idPrefix?: string;
};

export function LeadForm({ form, variant, tone = "light", extra, idPrefix }: LeadFormProps) {
  const definition = definitionFor(form, variant);
  const ids = idPrefix ? { idPrefix } : {};
  switch (form) {
    case "ContactRoiCalculator":
      return (
        <React.Suspense fallback={<Placeholder aria-hidden="true" />}>
          <RoiCalculator definition={definition} {...ids} />
        </React.Suspense>
      );
    case "NewsletterBanner":
    case "NewsletterFooter":
    case "NewsletterAnnoyingPopup":
      return <NewsletterSignup placement={form} tone={tone} {...ids} />;
    case "BotdGenerateToken":
      return <BotdTokenForm definition={definition} {...ids} />;
    case "Signup":
      return (
        <Form
          definition={definition}
          tone={tone}
          {...ids}
          extra={{ name: "Signup" }}
          renderSuccess={(outcome) => (
            <SignupOptions
              email={typeof outcome?.payload.email === "string" ? outcome.payload.email : ""}
            />
          )}
        />
      );
    case "ContactSales":
    case "GetDemo":
      if (definition.endpoint === "/risk/")
        return <Form definition={definition} tone={tone} {...ids} />;
      return (
        <Form
          definition={definition}
          tone={tone}
          {...ids}
          extra={{ name: form }}
          renderSuccess={(outcome) => (
            <SalesSuccessStep
              definition={definition}
              country={outcome?.context.country}
              tone={tone}
            />
          )}
        />
      );
    default:
      return <Form definition={definition} tone={tone} {...ids} {...(extra ? { extra } : {})} />;
  }
}

const Placeholder = styled.div`
  min-height: 32rem;
`;
