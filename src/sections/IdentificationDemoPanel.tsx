/**
 * The demo's live panel: what identification knows about this browser right now (visitor id,
 * confidence, bot and virtual-machine verdicts, location, recent visits), each error in words, and
 * a clear way to start it for a visitor who has not consented yet.
 */
import * as React from "react";
import styled, { css } from "styled-components";
import { Button } from "../components/Button";
import { identificationConfig } from "../config/identification";
import { useConsent } from "../providers/consent/useConsent";
import { useIdentification } from "../providers/identification/IdentificationProvider";
import {
  describeAgentError,
  readVisits,
  type Location,
  type Visit,
} from "../providers/identification/result";
import { media } from "../styles/media";

type VisitsState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "loaded"; visits: Visit[]; more: boolean }
  | { status: "error" };

function useVisits(visitorId: string | undefined, requestId: string | undefined): VisitsState {
  const [state, setState] = React.useState<VisitsState>({ status: "idle" });
  React.useEffect(() => {
    if (!visitorId) {
      setState({ status: "idle" });
      return;
    }
    let live = true;
    setState({ status: "loading" });
    // A random 4-character path routed by header (or a fixed one where the host cannot).
    fetch(identificationConfig.visitsPath, {
      headers: {
        "x-vercel-function": "visits",
        "x-visitor-id": visitorId,
        accept: "application/json",
      },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const { visits, more } = readVisits(await response.json());
        if (live) setState({ status: "loaded", visits, more });
      })
      .catch(() => {
        if (live) setState({ status: "error" });
      });
    return () => {
      live = false;
    };
    // A new request id (refresh) reloads the history too.
  }, [visitorId, requestId]);
  return state;
}

const place = (location?: Location) =>
  [
    location?.countryName ?? location?.countryCode,
    location?.continentName ?? location?.continentCode,
  ]
    .filter(Boolean)
    .join(", ");

const botLabel: Record<string, string> = {
  notDetected: "Not detected",
  good: "Good bot (search engine or monitor)",
  bad: "Bad bot (automation)",
};

/** The path of a visited URL; the raw text when it is not a URL (the history is the API's data). */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
}

export function DemoPanel() {
  const consent = useConsent();
  const identification = useIdentification();
  const historyId = `${React.useId()}-history`;
  const visits = useVisits(
    identification.status === "loaded" ? identification.visitorId : undefined,
    identification.requestId,
  );

  if (identification.status === "off") {
    return (
      <Panel data-demo-state="off">
        <PanelTitle>The live demo is not connected on this copy of the site</PanelTitle>
        <Muted>
          Identification is not set up here: no public API key is configured. Everything else on the
          site works; book a demo above and we will run it with you live.
        </Muted>
      </Panel>
    );
  }

  if (identification.status === "waiting-consent") {
    return (
      <Panel data-demo-state="consent">
        <PanelTitle>See what we can tell about this browser</PanelTitle>
        <Muted>
          The demo identifies your browser with the same service our customers use. It needs your
          consent to analytics: starting it records that consent (identification, our analytics and
          a visit-history cookie). You can withdraw it any time from Cookie settings in the footer.
        </Muted>
        <Actions>
          <Button
            type="button"
            onClick={() =>
              consent.save([
                "required",
                "analytics",
                ...(consent.advertising ? (["advertising"] as const) : []),
              ])
            }
          >
            Start the demo
          </Button>
        </Actions>
      </Panel>
    );
  }

  if (identification.status === "loading") {
    return (
      <Panel data-demo-state="loading" aria-busy="true">
        <PanelTitle role="status">Identifying your browser…</PanelTitle>
        <Muted>This usually takes under a second.</Muted>
      </Panel>
    );
  }

  if (identification.status === "error") {
    return (
      <Panel data-demo-state="error">
        <PanelTitle>Identification did not complete</PanelTitle>
        <ErrorText role="alert">
          {identification.error
            ? describeAgentError(identification.error)
            : "The service returned no request id, so there is no result to show."}
        </ErrorText>
        {identification.error ? <Detail>Reported error: {identification.error}</Detail> : null}
        <Actions>
          <Button type="button" variant="inverse" onClick={identification.refresh}>
            Try again
          </Button>
        </Actions>
      </Panel>
    );
  }

  const { visitorId, requestId, confidence, bot, vm, ipLocation, botError } = identification;
  // The agent's own location is deprecated and empty for newer workspaces: the Server API's answer
  // for this request (from the visit history) says the same thing.
  const thisVisit =
    visits.status === "loaded"
      ? (visits.visits.find((visit) => visit.requestId === requestId) ?? visits.visits[0])
      : undefined;
  const location = ipLocation ?? thisVisit?.location;
  return (
    <Panel data-demo-state="loaded">
      <Facts>
        <Fact $wide>
          <dt>Your visitor ID</dt>
          <dd>
            <Code data-demo="visitor-id">{visitorId}</Code>
          </dd>
        </Fact>
        <Fact>
          <dt>Confidence</dt>
          <dd data-demo="confidence">
            {confidence !== undefined ? `${(confidence * 100).toFixed(1)}%` : "Not reported"}
          </dd>
        </Fact>
        <Fact>
          <dt>Bot detection</dt>
          <dd data-demo="bot">
            <Verdict $bad={bot?.bad ?? false}>
              {bot ? (botLabel[bot.result] ?? `Bot detected (${bot.result})`) : "Unknown"}
            </Verdict>
            {bot?.source === "botd" ? <Detail>From open-source BotD in your browser</Detail> : null}
            {botError ? <Detail>Server result unavailable: {botError}</Detail> : null}
          </dd>
        </Fact>
        <Fact>
          <dt>Virtual machine</dt>
          <dd data-demo="vm">{vm === undefined ? "Unknown" : vm ? "Detected" : "Not detected"}</dd>
        </Fact>
        <Fact>
          <dt>Location</dt>
          <dd data-demo="location">{place(location) || "Not available"}</dd>
        </Fact>
      </Facts>
      <History aria-labelledby={historyId}>
        <HistoryTitle id={historyId}>Recent visits from this browser</HistoryTitle>
        {visits.status === "error" ? (
          <Muted>Visit history is unavailable right now.</Muted>
        ) : visits.status !== "loaded" ? (
          <Muted aria-busy="true">Loading visit history…</Muted>
        ) : visits.visits.length === 0 ? (
          <Muted>No earlier visits yet: this is the first.</Muted>
        ) : (
          <>
            <Visits data-demo="visits" tabIndex={0} aria-labelledby={historyId}>
              {visits.visits.map((visit) => (
                <li key={visit.requestId}>
                  <time dateTime={visit.time}>{formatTime(visit.time)}</time>
                  <span>{visit.url ? pathOf(visit.url) : ""}</span>
                  <span>{place(visit.location)}</span>
                </li>
              ))}
            </Visits>
            <Muted data-demo="visit-count">
              {visits.more
                ? "More than 20 visits; showing the 20 most recent."
                : `${visits.visits.length} visit${visits.visits.length === 1 ? "" : "s"}.`}
            </Muted>
          </>
        )}
      </History>
      <Actions>
        <Button type="button" variant="inverse" onClick={identification.refresh}>
          Identify again
        </Button>
        <Muted>
          Open this page in a private window or behind a VPN and compare the visitor ID.
        </Muted>
      </Actions>
    </Panel>
  );
}

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
  min-height: 20rem;
  padding: ${({ theme }) => theme.space[6]};
  border: ${({ theme }) => theme.borders.hairline} solid ${({ theme }) => theme.colors.nightLine};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.nightSoft};
  color: ${({ theme }) => theme.colors.onNight};

  ${media.down("sm")} {
    padding: ${({ theme }) => theme.space[4]};
  }
`;

const PanelTitle = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.onNightMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  max-width: 46rem;
`;

const Detail = styled.span`
  display: block;
  margin-top: ${({ theme }) => theme.space[1]};
  color: ${({ theme }) => theme.colors.onNightMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.accentOnNight};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
`;

const Facts = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  grid-template-columns: 1fr;

  ${media.up("md")} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Fact = styled.div<{ $wide?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  padding: ${({ theme }) => theme.space[4]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.night};
  min-width: 0;

  ${media.up("md")} {
    grid-column: ${({ $wide }) => ($wide ? "1 / -1" : "auto")};
  }

  dt {
    color: ${({ theme }) => theme.colors.onNightMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }

  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    overflow-wrap: anywhere;
  }
`;

const Code = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  color: ${({ theme }) => theme.colors.accentOnNight};
`;

const Verdict = styled.span<{ $bad: boolean }>`
  ${({ theme, $bad }) => css`
    color: ${$bad ? theme.colors.accentOnNight : theme.colors.onNight};
  `}
`;

const History = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

const HistoryTitle = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Visits = styled.ol`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
  max-height: 18rem;
  overflow-y: auto;

  li {
    display: grid;
    grid-template-columns: 1fr;
    gap: ${({ theme }) => theme.space[1]};
    padding: ${({ theme }) => theme.space[2]} 0;
    border-bottom: ${({ theme }) => theme.borders.hairline} solid
      ${({ theme }) => theme.colors.nightLine};
    font-size: ${({ theme }) => theme.fontSizes.sm};

    ${media.up("md")} {
      grid-template-columns: 12rem 1fr 12rem;
    }
  }

  span {
    color: ${({ theme }) => theme.colors.onNightMuted};
  }
`;
