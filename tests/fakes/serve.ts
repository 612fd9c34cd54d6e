// Runs the fake upstreams for browser tests as one process: Greenhouse at /v1, the product API at /api.
import { startFakeGreenhouse } from "./greenhouse";
import { createAmplitudeRoute } from "./amplitude";
import { createFingerprintRoute } from "./fingerprint";
import { createHubspotRoute } from "./hubspot";

async function main(): Promise<void> {
  const port = Number(process.env.FAKES_PORT ?? 9101);
  const hubspot = createHubspotRoute();
  const amplitude = createAmplitudeRoute();
  const fingerprint = createFingerprintRoute();
  const fake = await startFakeGreenhouse({
    port,
    extraRoutes: [hubspot.route, amplitude.route, fingerprint.route],
  });
  console.log(
    `fake upstreams on ${fake.origin} (Greenhouse ${fake.apiUrl}, API ${fake.origin}/api)`,
  );
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

void main();
