// What a host rehearsal talks to: a real PostgreSQL for the leads and the fake upstreams, on loopback.
import { FAKE_AMPLITUDE_KEY } from "../../tests/support/fakes/amplitude";
import {
  FAKE_FPJS_SECRET,
  startFakeFingerprintProxyUpstream,
} from "../../tests/support/fakes/fingerprint";
import { hubspotServerEnv, type HubspotRoute } from "../../tests/support/fakes/hubspot";
import { startFakeUpstreams } from "../../tests/support/fakes/upstreams";
import { freePort } from "../../tests/support/ports";
import { CMS_OAUTH } from "./cmsLogin";
import { startPostgres } from "../../tests/support/postgres";

export const CRON_SECRET = "verify-hosts-cron-secret";

/** The site's address, as a deployment sets SITE_URL: forms posted from it are accepted. */
export const SITE_URL = "https://site.example";
export const GREENHOUSE_BOARD = "acme";

export type World = {
  databaseUrl: string;
  fakesOrigin: string;
  hubspot: HubspotRoute;
  /** The server variables every function gets on the host, as a deployment would set them. */
  env: Record<string, string>;
  stop(): Promise<void>;
};

/** Starts PostgreSQL and the fakes; the fakes on `fakesPort`, where the build's public settings point. */
export async function startWorld(fakesPort: number): Promise<World> {
  const postgres = await startPostgres();
  const fingerprintUpstream = await startFakeFingerprintProxyUpstream();
  const fakes = await startFakeUpstreams(fakesPort);
  const hubspot = fakes.hubspot;
  const env = {
    DATABASE_URL: postgres.url,
    ...hubspotServerEnv(fakes.origin),
    HUBSPOT_TIMEOUT_MS: "3000",
    GREENHOUSE_API_URL: `${fakes.origin}/v1`,
    GREENHOUSE_BOARD,
    GREENHOUSE_EMBED_URL: `${fakes.origin}/embed/job_app`,
    AMPLITUDE_API_KEY: FAKE_AMPLITUDE_KEY,
    AMPLITUDE_API_URL: fakes.origin,
    FPJS_SECRET_API_KEY: FAKE_FPJS_SECRET,
    FPJS_SERVER_API_URL: fakes.origin,
    FPJS_CDN_URL: fingerprintUpstream.cdnUrl,
    FPJS_INGRESS_URL_US: fingerprintUpstream.ingressUrls.us,
    FPJS_INGRESS_URL_EU: fingerprintUpstream.ingressUrls.eu,
    FPJS_INGRESS_URL_AP: fingerprintUpstream.ingressUrls.ap,
    CRON_SECRET,
    SITE_URL,
    CMS_OAUTH_CLIENT_ID: CMS_OAUTH.clientId,
    CMS_OAUTH_CLIENT_SECRET: CMS_OAUTH.secret,
    // Nothing listens there: a refused state must answer 400 without ever asking GitHub (asked, it would be 502).
    CMS_OAUTH_GITHUB_URL: `http://127.0.0.1:${freePort()}`,
  };
  return {
    databaseUrl: postgres.url,
    fakesOrigin: fakes.origin,
    hubspot,
    env,
    async stop() {
      await fakes.close();
      await fingerprintUpstream.close();
      await postgres.stop();
    },
  };
}
