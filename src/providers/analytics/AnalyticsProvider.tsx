/**
 * Decides when analytics may run: analytics consent, a configured key and identification
 * switched on. Only then is the runner's code loaded (AnalyticsRunner), so a visitor without consent
 * never downloads any of it; withdrawing consent unmounts the runner, which stops everything at once.
 */
import * as React from "react";
import { analyticsConfig, type AnalyticsConfig } from "../../config/analytics";
import { useConsent } from "../consent/useConsent";
import { useExperiments } from "../experiments/ExperimentsProvider";
import { useIdentification } from "../identification/IdentificationProvider";

const AnalyticsRunner = React.lazy(
  () => import(/* webpackChunkName: "analytics-runner" */ "./AnalyticsRunner"),
);

export function AnalyticsProvider({
  children,
  config = analyticsConfig,
}: {
  children: React.ReactNode;
  config?: AnalyticsConfig;
}) {
  const { analytics } = useConsent();
  const identification = useIdentification();
  const { flags } = useExperiments();
  const apiKey = config.apiKey;
  const keyed = React.useMemo(() => (apiKey ? { ...config, apiKey } : null), [config, apiKey]);
  // Identification "off" (no key) means no visitor id ever: analytics cannot start.
  const allowed = analytics && keyed !== null && identification.status !== "off";
  return (
    <>
      {children}
      {allowed && keyed ? (
        <QuietBoundary>
          <React.Suspense fallback={null}>
            <AnalyticsRunner config={keyed} identification={identification} flags={flags} />
          </React.Suspense>
        </QuietBoundary>
      ) : null}
    </>
  );
}

/** The runner's chunk could not load (offline, blocked): the site works on without analytics. */
class QuietBoundary extends React.Component<{ children: React.ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
