/** The panel once identification has answered: the facts about this browser and its recent visits. */
import * as React from "react";
import { Button } from "../../components/Button";
import type { IdentificationState } from "../../providers/identification/IdentificationProvider";
import { botLabel, formatTime, pathOf, place } from "./format";
import {
  Actions,
  Code,
  Detail,
  Fact,
  Facts,
  History,
  HistoryTitle,
  Muted,
  Panel,
  Verdict,
  Visits,
} from "./styles";
import type { VisitsState } from "./useVisits";

export function LoadedPanel({
  identification,
  visits,
  historyId,
}: {
  identification: IdentificationState;
  visits: VisitsState;
  /** Made by DemoPanel (React.useId ids follow the tree, so the id stays the one the page had). */
  historyId: string;
}) {
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
