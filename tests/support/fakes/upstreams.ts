// The site's fake upstreams on one loopback port: Greenhouse (/v1, /embed/job_app) and the service status
// (/api) with HubSpot, Amplitude and the Fingerprint Server API mounted beside them. The browser tests'
// fake process (serve.ts) and the host rehearsals (scripts/hosts/world.ts) start the same set.
import { createAmplitudeRoute } from "./amplitude";
import { createFingerprintRoute } from "./fingerprint";
import { startFakeGreenhouse, type FakeGreenhouse } from "./greenhouse";
import { createHubspotRoute, type HubspotRoute } from "./hubspot";

export type FakeUpstreams = FakeGreenhouse & {
  /** The HubSpot fake's submissions and answer mode, for tests and rehearsals that read them. */
  hubspot: HubspotRoute;
};

/** Starts the fakes on `port` (0: any free port). */
export async function startFakeUpstreams(port: number): Promise<FakeUpstreams> {
  const hubspot = createHubspotRoute();
  const fake = await startFakeGreenhouse({
    port,
    extraRoutes: [hubspot.route, createAmplitudeRoute().route, createFingerprintRoute().route],
  });
  return Object.assign(fake, { hubspot });
}
