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
import type { LeadFormProps } from "../forms/LeadForm";
import { Island, islandPart } from "../components/Island";
import { AbVariants } from "../providers/experiments/AbVariants";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

// Server-rendered like the rest of the page; its code (the form's, about 10 KiB brotli) arrives as its own
// chunk once the form is within a screen of the viewport or the visitor reaches into it: at once where the
// form is the page's point (/contact-sales/), on scrolling where it closes a long page. An island (see
// Island): until then the server's form stands with its button disabled, so nothing is sent natively.
const leadForm = islandPart(async () => {
  const module = await import(/* webpackChunkName: "lead-form" */ "../forms/LeadForm");
  return { default: module.LeadForm };
});

/**
 * The form in an island of its own; an experiment's variants get one each, inside the variant's element.
 * (With one Suspense boundary around both variants, React 18 sometimes hydrated the second variant's element
 * against the first variant's form when the visitor typed before the form's code had arrived: React error
 * 418. Each island is a root of its own, so one variant's hydration never meets the other's.) The fixed id
 * prefix keeps the elements' ids what the server wrote: an island's root cannot reproduce React's ids.
 */
function LazyLeadForm(props: LeadFormProps & { idPrefix: string }) {
  const { form, variant, extra, idPrefix } = props;
  // One object while the inputs are the same, so the island's root is not told of a change each render.
  const stable = React.useMemo(
    () => ({ form, idPrefix, ...(variant ? { variant } : {}), ...(extra ? { extra } : {}) }),
    [form, variant, extra, idPrefix],
  );
  return (
    <Island
      name={idPrefix}
      part={leadForm}
      props={stable}
      fallback={<FormPlaceholder aria-hidden="true" />}
    />
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
  const prefix = `${form}-${id ?? "form"}`;
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
              control={<LazyLeadForm form={form} idPrefix={`${prefix}-control`} />}
              treatment={
                <LazyLeadForm form={form} variant="single-pane" idPrefix={`${prefix}-treatment`} />
              }
            />
          ) : (
            <LazyLeadForm
              form={form}
              idPrefix={prefix}
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
