// Runs the fake upstreams for browser tests as one process: Greenhouse at /v1, the product API at /api.
import { startFakeUpstreams } from "./upstreams";

async function main(): Promise<void> {
  const port = Number(process.env.FAKES_PORT ?? 9101);
  const fake = await startFakeUpstreams(port);
  console.log(
    `fake upstreams on ${fake.origin} (Greenhouse ${fake.apiUrl}, API ${fake.origin}/api)`,
  );
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

void main();
