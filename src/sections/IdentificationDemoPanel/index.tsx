/**
 * The demo's live panel: what identification knows about this browser right now (visitor id,
 * confidence, bot and virtual-machine verdicts, location, recent visits), each error in words, and
 * a clear way to start it for a visitor who has not consented yet.
 */
import * as React from "react";
import { Button } from "../../components/Button";
import { useConsent } from "../../providers/consent/useConsent";
import { useIdentification } from "../../providers/identification/IdentificationProvider";
import { describeAgentError } from "../../providers/identification/result";
import { LoadedPanel } from "./LoadedPanel";
import { Actions, Detail, ErrorText, Panel, PanelTitle } from "./styles";
import { ConsentPanel, LoadingPanel, OffPanel } from "./Waiting";
import { useVisits } from "./useVisits";

export function DemoPanel() {
  const consent = useConsent();
  const identification = useIdentification();
  const historyId = `${React.useId()}-history`;
  const visits = useVisits(
    identification.status === "loaded" ? identification.visitorId : undefined,
    identification.requestId,
  );

  if (identification.status === "off") return <OffPanel />;
  if (identification.status === "waiting-consent") return <ConsentPanel consent={consent} />;
  if (identification.status === "loading") return <LoadingPanel />;

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

  return <LoadedPanel identification={identification} visits={visits} historyId={historyId} />;
}
