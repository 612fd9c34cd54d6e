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
import { Actions, Detail, ErrorText, Muted, Panel, PanelTitle } from "./styles";
import { useVisits } from "./useVisits";

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

  return <LoadedPanel identification={identification} visits={visits} historyId={historyId} />;
}
