/**
 * The demo's panel before identification runs (switched off, or waiting for consent) and while it loads: small and
 * without the result's code, so the demo section renders them itself and the rest of the panel (DemoPanel) is
 * fetched only once identification starts.
 */
import * as React from "react";
import { Button } from "../../components/Button";
import type { ConsentState } from "../../providers/consent/useConsent";
import { Actions, Muted, Panel, PanelTitle } from "./styles";

export function OffPanel() {
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

export function ConsentPanel({ consent }: { consent: ConsentState }) {
  return (
    <Panel data-demo-state="consent">
      <PanelTitle>See what we can tell about this browser</PanelTitle>
      <Muted>
        The demo identifies your browser with the same service our customers use. It needs your
        consent to analytics: starting it records that consent (identification, our analytics and a
        visit-history cookie). You can withdraw it any time from Cookie settings in the footer.
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

export function LoadingPanel() {
  return (
    <Panel data-demo-state="loading" aria-busy="true">
      <PanelTitle role="status">Identifying your browser…</PanelTitle>
      <Muted>This usually takes under a second.</Muted>
    </Panel>
  );
}
