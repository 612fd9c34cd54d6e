/** A lead-form block: why to get in touch beside the form itself (the form mechanism fills the slot by id). */
import * as React from "react";
import styled from "styled-components";
import type { FormSectionContent } from "../data/sectionSchemas";
import { Container } from "../components/Container";
import { CheckList } from "../components/CheckList";
import { Icon } from "../components/Icon";
import { SectionIntro } from "../components/SectionIntro";
import { SectionShell } from "../components/SectionShell";
import { Text } from "../components/Text";
import { formTeamEmail } from "../forms/formSlot";
import { AbVariants } from "../providers/experiments/AbVariants";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

// Server-rendered like the rest of the page; its code arrives as its own chunk, off the first load.
const LeadForm = React.lazy(() =>
  import(/* webpackChunkName: "lead-form" */ "../forms/LeadForm").then((module) => ({
    default: module.LeadForm,
  })),
);

/**
 * The form in a Suspense boundary of its own; an experiment's variants get one each, inside the variant's
 * element. With one boundary around both variants, React 18 sometimes hydrated the second variant's element
 * against the first variant's form when the visitor typed before the form's code had arrived (React error
 * 418; seen in 1 to 6 of 20 runs of the single-pane form's browser test, and traced with an instrumented
 * React to the hydration cursor still inside the first variant). One boundary per variant: 0 in 60.
 */
function LazyLeadForm(props: React.ComponentProps<typeof LeadForm>) {
  return (
    <React.Suspense fallback={<FormPlaceholder aria-hidden="true" />}>
      <LeadForm {...props} />
    </React.Suspense>
  );
}

export type FormSectionProps = FormSectionContent & {
  /** Values the page adds to the payload (the webinar's HubSpot form id and name). */
  extra?: Record<string, unknown>;
};

export function FormSection({
  eyebrow,
  title,
  lead,
  form,
  variant,
  points,
  email,
  id,
  extra,
}: FormSectionProps) {
  const address = email ?? formTeamEmail[form];
  return (
    <SectionShell id={id ?? "form"} $tone="tinted">
      <Layout>
        <Copy>
          <SectionIntro eyebrow={eyebrow} title={title} lead={lead} size="lg" leadSize="md" bare />
          <CheckList items={points} />
        </Copy>
        <Slot data-form-slot={form}>
          {variant === "single-pane-test" ? (
            <AbVariants
              experiment="contact-sales-single-pane"
              control={<LazyLeadForm form={form} />}
              treatment={<LazyLeadForm form={form} variant="single-pane" />}
            />
          ) : (
            <LazyLeadForm
              form={form}
              {...(variant === "risk-assessment" ? { variant } : {})}
              {...(extra ? { extra } : {})}
            />
          )}
          <MailNote $size="sm">
            Prefer email? Write to{" "}
            <MailLink href={`mailto:${address}`}>
              <Icon name="message" /> {address}
            </MailLink>
          </MailNote>
        </Slot>
      </Layout>
    </SectionShell>
  );
}

const Layout = styled(Container)`
  display: grid;
  gap: ${theme.space[7]};
  align-items: start;

  ${media.up("lg")} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;

const Copy = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
`;

const Slot = styled.div`
  display: grid;
  gap: ${theme.space[3]};
  padding: ${theme.space[6]};
  border-radius: ${theme.radii.lg};
  border: ${theme.borders.hairline} solid ${theme.colors.line};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows.sm};
`;

const MailNote = styled(Text)`
  color: ${theme.colors.muted};
`;

const MailLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[2]};
  font-weight: ${theme.fontWeights.semibold};
`;

/** Roughly a form's height, for the moment before its code arrives (only without server rendering). */
const FormPlaceholder = styled.div`
  min-height: 20rem;
`;
