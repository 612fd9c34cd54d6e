/** The cookie banner: Accept and Reject with equal weight, per-category choices, never blocking the page. */
import * as React from "react";
import styled, { css } from "styled-components";
import { useSpaceBelowContent } from "./bannerSpace";
import { useConsent } from "./useConsent";
import { media } from "../../styles/media";
import { theme } from "../../styles/theme";

type Category = { id: "required" | "analytics" | "advertising"; label: string; text: string };

const categories: Category[] = [
  {
    id: "required",
    label: "Required",
    text: "Keep the site working and remember this choice. Always on.",
  },
  {
    id: "analytics",
    label: "Analytics and identification",
    text: "Count page views, remember where your visit started, and identify this browser for the live demo and fraud protection.",
  },
  {
    id: "advertising",
    label: "Advertising",
    text: "Measure which campaigns bring visitors, so we spend less on the ones that don't.",
  },
];

export function ConsentBanner() {
  const consent = useConsent();
  const [choosing, setChoosing] = React.useState(false);
  const [picked, setPicked] = React.useState(() => ({
    analytics: consent.analytics,
    advertising: consent.advertising,
  }));
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  const boxRef = useSpaceBelowContent();
  // Reopened from the footer (a choice exists): it can be closed without deciding again.
  const reopened = !consent.choice.includes("not-defined");
  const { closeSettings } = consent;

  React.useEffect(() => {
    // Reopened: move the visitor to it, and back where they were on close; on first show, leave
    // focus where it is.
    if (!reopened) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    headingRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeSettings();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      if (opener?.isConnected) opener.focus();
    };
  }, [reopened, closeSettings]);

  return (
    <Region role="region" aria-labelledby="consent-title" data-consent-banner>
      <Inner ref={boxRef}>
        <Head>
          <Title id="consent-title" ref={headingRef} tabIndex={-1}>
            Cookies on this site
          </Title>
          {reopened ? (
            <Close type="button" onClick={closeSettings} aria-label="Close cookie settings">
              <span aria-hidden="true">×</span>
            </Close>
          ) : null}
        </Head>
        <Text>
          We use required cookies to run the site. With your permission we also use analytics and
          identification (for the live demo and to count visits) and advertising measurement.
          Nothing beyond the required ones starts until you choose. Read the{" "}
          <a href="/legal/privacy-policy/">privacy policy</a>.
        </Text>
        {choosing ? (
          <Categories aria-label="Cookie categories">
            {categories.map((category) => (
              <Category key={category.id}>
                <input
                  type="checkbox"
                  id={`consent-${category.id}`}
                  checked={category.id === "required" ? true : picked[category.id]}
                  disabled={category.id === "required"}
                  onChange={(event) => {
                    if (category.id !== "required")
                      setPicked((current) => ({ ...current, [category.id]: event.target.checked }));
                  }}
                  aria-describedby={`consent-${category.id}-text`}
                />
                <label htmlFor={`consent-${category.id}`}>{category.label}</label>
                <small id={`consent-${category.id}-text`}>{category.text}</small>
              </Category>
            ))}
          </Categories>
        ) : null}
        <Actions>
          <Choice type="button" onClick={consent.rejectAll}>
            Reject all
          </Choice>
          <Choice type="button" onClick={consent.acceptAll}>
            Accept all
          </Choice>
          {choosing ? (
            <Secondary
              type="button"
              onClick={() =>
                consent.save([
                  "required",
                  ...(picked.analytics ? (["analytics"] as const) : []),
                  ...(picked.advertising ? (["advertising"] as const) : []),
                ])
              }
            >
              Save my choices
            </Secondary>
          ) : (
            <Secondary type="button" onClick={() => setChoosing(true)} aria-expanded={false}>
              Choose categories
            </Secondary>
          )}
        </Actions>
      </Inner>
    </Region>
  );
}

const Region = styled.section`
  position: fixed;
  left: ${theme.space[3]};
  right: ${theme.space[3]};
  bottom: ${theme.space[3]};
  z-index: ${theme.zIndices.banner};
  display: flex;
  justify-content: center;
  pointer-events: none;

  ${media.down("sm")} {
    left: ${theme.space[2]};
    right: ${theme.space[2]};
    bottom: ${theme.space[2]};
  }
`;

const Inner = styled.div`
  pointer-events: auto;
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  width: min(100%, 44rem);
  max-height: 70vh;
  overflow: auto;
  padding: ${theme.space[5]};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.night};
  color: ${theme.colors.onNight};
  box-shadow: ${theme.shadows.lg};

  a {
    color: ${theme.colors.onNight};
    text-decoration: underline;
  }

  /* On a phone the banner is drawn compact (Reject and Accept side by side), so the page keeps room to show where
     focus is: at 320 × 568 px it covers about 300 px instead of 410. */
  ${media.down("sm")} {
    gap: ${theme.space[2]};
    padding: ${theme.space[4]};
  }
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[3]};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  ${media.down("sm")} {
    font-size: ${theme.fontSizes.md};
  }
  &:focus {
    outline: none;
  }
`;

const Text = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.onNightMuted};
  ${media.down("sm")} {
    font-size: ${theme.fontSizes.xs};
    line-height: ${theme.lineHeights.snug};
  }
`;

const Categories = styled.fieldset`
  display: grid;
  gap: ${theme.space[3]};
  margin: 0;
  padding: 0;
  border: 0;
`;

const Category = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  column-gap: ${theme.space[2]};
  align-items: center;

  input {
    width: 1.2rem;
    height: 1.2rem;
    accent-color: ${theme.colors.accentOnNight};
  }
  label {
    font-weight: ${theme.fontWeights.semibold};
  }
  small {
    grid-column: 2;
    color: ${theme.colors.onNightMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`;

const button = css`
  min-height: 44px;
  padding: ${theme.space[2]} ${theme.space[4]};
  border-radius: ${theme.radii.pill};
  font: inherit;
  font-weight: ${theme.fontWeights.semibold};
  cursor: pointer;

  &:focus-visible {
    outline: ${theme.borders.focus} solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** Accept and Reject look exactly alike: neither answer is nudged. */
const Choice = styled.button`
  ${button}
  flex: 1 1 10rem;
  ${media.down("sm")} {
    flex-basis: 7rem;
  }
  border: ${theme.borders.hairline} solid ${theme.colors.onNight};
  background: ${theme.colors.onNight};
  color: ${theme.colors.night};
`;

const Secondary = styled.button`
  ${button}
  flex: 1 1 10rem;
  border: ${theme.borders.hairline} solid ${theme.colors.nightLine};
  background: transparent;
  color: ${theme.colors.onNight};
`;

const Close = styled.button`
  ${button}
  min-width: 44px;
  padding: 0;
  border: ${theme.borders.hairline} solid ${theme.colors.nightLine};
  background: transparent;
  color: ${theme.colors.onNight};
  font-size: ${theme.fontSizes.lg};
  line-height: 1;
`;
