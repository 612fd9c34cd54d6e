/** A newsletter band: why subscribe, and the one-field form (NewsletterBanner placement). */
import * as React from "react";
import styled from "styled-components";
import { Container } from "../components/Container";
import { Heading } from "../components/Heading";
import { SectionShell } from "../components/SectionShell";
import { Text } from "../components/Text";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

const NewsletterSignup = React.lazy(() =>
  import(/* webpackChunkName: "newsletter-signup" */ "../forms/NewsletterSignup").then(
    (module) => ({ default: module.NewsletterSignup }),
  ),
);

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
        <React.Suspense fallback={null}>
          <NewsletterSignup placement="NewsletterBanner" />
        </React.Suspense>
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
