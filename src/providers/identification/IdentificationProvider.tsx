/**
 * Identification for the whole site: off without a public key, waiting until the
 * visitor's consent allows it (automatic outside the EU), then run once per page load by the lazily
 * loaded Fingerprint SDK, refreshable on demand. Withdrawing consent stops it at once.
 */
import * as React from "react";
import { identificationConfig, type IdentificationConfig } from "../../config/identification";
import { whenSettled } from "../../runtime/afterLargestPaint";
import { useConsent } from "../consent/useConsent";
import type { IdentificationUpdate } from "./result";

export type IdentificationState = IdentificationUpdate & { refresh(): void };

const noop = () => undefined;
const IdentificationContext = React.createContext<IdentificationState>({
  status: "waiting-consent",
  refresh: noop,
});

export const useIdentification = (): IdentificationState => React.useContext(IdentificationContext);

const FingerprintRunner = React.lazy(
  () => import(/* webpackChunkName: "fingerprint-runner" */ "./FingerprintRunner"),
);

let saidOff = false;

export function IdentificationProvider({
  children,
  config = identificationConfig,
}: {
  children: React.ReactNode;
  config?: IdentificationConfig;
}) {
  const { analytics } = useConsent();
  const [update, setUpdate] = React.useState<IdentificationUpdate>({ status: "waiting-consent" });
  const [round, setRound] = React.useState(0);
  const [armed, setArmed] = React.useState(false);
  const enabled = Boolean(config.apiKey);
  const allowed = enabled && analytics;

  React.useEffect(() => {
    if (!enabled && !saidOff) {
      saidOff = true;
      console.info(
        "Identification is off: no public API key is configured (GATSBY_FPJS_PUBLIC_API_KEY).",
      );
    }
  }, [enabled]);

  // Only once the page has painted and consent allows; withdrawal unmounts the SDK at once.
  React.useEffect(() => {
    if (!allowed) {
      // Transitions, like every start-up update (see ConsentProvider); no change, no render.
      React.startTransition(() => {
        setArmed(false);
        setUpdate((previous) =>
          previous.status === "waiting-consent" ? previous : { status: "waiting-consent" },
        );
      });
      return;
    }
    React.startTransition(() =>
      setUpdate((previous) =>
        previous.status === "waiting-consent" ? { status: "loading" } : previous,
      ),
    );
    // The SDK's code and its first request wait for the page's largest paint and then idle time.
    let live = true;
    void whenSettled().then(() => {
      if (live) setArmed(true);
    });
    return () => {
      live = false;
    };
  }, [allowed]);

  const refresh = React.useCallback(() => setRound((value) => value + 1), []);
  const onUpdate = React.useCallback((next: IdentificationUpdate) => setUpdate(next), []);

  const value = React.useMemo<IdentificationState>(
    () => (enabled ? { ...update, refresh } : { status: "off", refresh }),
    [enabled, update, refresh],
  );

  return (
    <IdentificationContext.Provider value={value}>
      {children}
      {allowed && armed ? (
        <ChunkBoundary onError={onUpdate}>
          <React.Suspense fallback={null}>
            <FingerprintRunner config={config} round={round} onUpdate={onUpdate} />
          </React.Suspense>
        </ChunkBoundary>
      ) : null}
    </IdentificationContext.Provider>
  );
}

/** The SDK's chunk could not load (offline, blocked): say so instead of breaking the page. */
class ChunkBoundary extends React.Component<
  { children: React.ReactNode; onError(update: IdentificationUpdate): void },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onError({ status: "error", error: "Failed to load the JS script of the agent" });
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
