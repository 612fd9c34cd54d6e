/** Site footer: the site map, outside links, the demo hub and social profiles (content), and legal links (config). */
import * as React from "react";
import styled from "styled-components";
import { legalLinks } from "../config/navigation";
import { useNavigation } from "../hooks/useNavigation";
import { site } from "../config/site";
import { media } from "../styles/media";
import { Container } from "./Container";
import { Island, islandPart } from "./Island";
import { Link } from "./Link";
import { Logo } from "./Logo";
import { useConsent } from "../providers/consent/useConsent";
import { theme } from "../styles/theme";

// The form's code (about 8 KiB brotli) loads when the footer comes within a screen of the viewport or the
// visitor reaches into the form, not while the page loads: an island (see Island). Until then the server's
// form stands, its button disabled, so nothing is sent before the code is there.
const newsletter = islandPart(async () => {
  const module = await import(
    /* webpackChunkName: "newsletter-signup" */ "../forms/NewsletterSignup"
  );
  return { default: module.NewsletterSignup };
});
const NEWSLETTER_PROPS = {
  placement: "NewsletterFooter",
  tone: "dark",
  idPrefix: "newsletter-footer",
} as const;

/** The footer's site map: where the phone menu's toggle leads before scripts run. */
export const SITE_MAP_ID = "site-map";

/** Fixed so server and browser render the same year even across New Year's Eve in other time zones. */
const copyrightYear = new Date().getUTCFullYear();

export function Footer({ children }: { children?: React.ReactNode }) {
  const { footerColumns, socialLinks } = useNavigation();
  return (
    <Wrapper>
      <Container>
        <Top>
          <Brand>
            <Logo inverse />
            <Tagline>
              Device intelligence for teams that need to know who is really on the other side of the
              screen.
            </Tagline>
            <Newsletter aria-labelledby="footer-newsletter">
              <NewsletterTitle id="footer-newsletter">
                Monthly fraud research digest
              </NewsletterTitle>
              <Island
                name="newsletter-footer"
                part={newsletter}
                props={NEWSLETTER_PROPS}
                fallback={<NewsletterPlaceholder aria-hidden="true" />}
              />
            </Newsletter>
            {children}
          </Brand>
          <Columns id={SITE_MAP_ID} aria-label="Site map">
            {footerColumns.map((column) => (
              <Column key={column.title}>
                <ColumnTitle id={`footer-${column.title.toLowerCase().replace(/\s+/g, "-")}`}>
                  {column.title}
                </ColumnTitle>
                <ul
                  role="list"
                  aria-labelledby={`footer-${column.title.toLowerCase().replace(/\s+/g, "-")}`}
                >
                  {column.entries.map((entry) => (
                    <li key={entry.title + entry.url}>
                      <FooterLink href={entry.url}>{entry.title}</FooterLink>
                    </li>
                  ))}
                </ul>
              </Column>
            ))}
          </Columns>
        </Top>
        <Bottom>
          <small>
            © {copyrightYear} {site.companyName}. All rights reserved.
          </small>
          <InlineList role="list" aria-label="Legal">
            {legalLinks.map((entry) => (
              <li key={entry.url}>
                <FooterLink href={entry.url}>{entry.title}</FooterLink>
              </li>
            ))}
            <li>
              <CookieSettings />
            </li>
          </InlineList>
          <InlineList role="list" aria-label="Social profiles">
            {socialLinks.map((entry) => (
              <li key={entry.url}>
                <FooterLink href={entry.url}>{entry.title}</FooterLink>
              </li>
            ))}
          </InlineList>
        </Bottom>
      </Container>
    </Wrapper>
  );
}

// While the cookie banner is open the footer grows by the height it covers, so a page's last links can be
// scrolled (and focused) above it.
const Wrapper = styled.footer`
  margin-top: auto;
  padding: ${theme.space[8]} 0 calc(${theme.space[6]} + var(${theme.vars.bannerSpace}, 0px));
  background: ${theme.colors.night};
  color: ${theme.colors.onNightMuted};
  font-size: ${theme.fontSizes.sm};
`;

const Top = styled.div`
  display: grid;
  gap: ${theme.space[7]};

  ${media.up("lg")} {
    grid-template-columns: minmax(14rem, 1fr) 3fr;
  }
`;

const Brand = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
`;

const Tagline = styled.p`
  max-width: 28ch;
`;

const Columns = styled.nav`
  display: grid;
  gap: ${theme.space[6]};
  grid-template-columns: repeat(2, minmax(0, 1fr));

  ${media.up("md")} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  ${media.up("xl")} {
    grid-template-columns: repeat(6, minmax(0, 1fr));
  }
`;

const Column = styled.div`
  ul {
    display: grid;
    gap: ${theme.space[2]};
  }
`;

const ColumnTitle = styled.h2`
  margin-bottom: ${theme.space[3]};
  color: ${theme.colors.onNight};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
`;

const FooterLink = styled(Link)`
  color: ${theme.colors.onNightMuted};
  text-decoration: none;

  &:hover {
    color: ${theme.colors.onNight};
    text-decoration: underline;
  }
`;

const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[4]};
  margin-top: ${theme.space[7]};
  padding-top: ${theme.space[5]};
  border-top: ${theme.borders.hairline} solid ${theme.colors.nightLine};
`;

const InlineList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[4]};
`;

const Newsletter = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  max-width: 26rem;
`;

const NewsletterTitle = styled.h2`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  color: ${theme.colors.onNight};
`;

/** Same height as the form's label and field, so nothing moves when it arrives. */
const NewsletterPlaceholder = styled.div`
  min-height: 5.25rem;
`;

/** Reopens the cookie banner, to change or withdraw the choice at any time. */
function CookieSettings() {
  const { openSettings } = useConsent();
  return (
    <SettingsButton type="button" onClick={openSettings}>
      Cookie settings
    </SettingsButton>
  );
}

const SettingsButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${theme.colors.onNightMuted};
  font: inherit;
  text-decoration: none;
  cursor: pointer;

  &:hover {
    color: ${theme.colors.onNight};
    text-decoration: underline;
  }

  &:focus-visible {
    outline: ${theme.borders.focus} solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;
