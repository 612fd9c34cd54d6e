/** A newsletter band: why subscribe, and the one-field form (NewsletterBanner placement). */
import * as React from "react";
import styled from "styled-components";
import { Container } from "../components/Container";
import { Island, islandPart } from "../components/Island";
import { Heading } from "../components/Heading";
import { SectionShell } from "../components/SectionShell";
import { Text } from "../components/Text";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

// The form's code loads as the band comes near the viewport (or the visitor reaches into it), not with the
// page: an island (see Island), its server form standing until then with its button disabled.
const newsletter = islandPart(async () => {
  const module = await import(
    /* webpackChunkName: "newsletter-signup" */ "../forms/NewsletterSignup"
  );
  return { default: module.NewsletterSignup };
});
const NEWSLETTER_PROPS = { placement: "NewsletterBanner", idPrefix: "newsletter-banner" } as const;

export function NewsletterBanner() {
  return (
    <SectionShell $tone="tinted" aria-labelledby="newsletter-banner-title">
      <Band>
        <div>
          <Heading level={2} size="md" id="newsletter-banner-title">
            Fraud research in your inbox, once a month
          </Heading>
          <Text>
            New articles, tutorials and attack write-ups from the team. No spam, one-click
            unsubscribe.
          </Text>
        </div>
        <Island
          name="newsletter-banner"
          part={newsletter}
          props={NEWSLETTER_PROPS}
          fallback={null}
        />
      </Band>
    </SectionShell>
  );
}

const Band = styled(Container)`
  display: grid;
  gap: ${theme.space[5]};
  align-items: center;

  ${media.up("lg")} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;
