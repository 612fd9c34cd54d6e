/** The third-party origins a page may reach, derived from the same configuration the bundle is built with. */
import { readAnalyticsConfig } from "../config/analytics";
import { readPublicEnv } from "../config/env";
import { readIdentificationConfig, type Region } from "../config/identification";
import type { PolicyOrigins } from "./csp";

type Source = Readonly<Record<string, string | undefined>>;

/** Fingerprint's own hosts, which the SDK falls back to when the site's proxy paths fail. */
const FINGERPRINT_CDN = "https://fpnpmcdn.net";
const FINGERPRINT_API: Readonly<Record<Region, string>> = {
  us: "https://api.fpjs.io",
  eu: "https://eu.api.fpjs.io",
  ap: "https://ap.api.fpjs.io",
};
const DEFAULT_GREENHOUSE_EMBED_URL = "https://job-boards.greenhouse.io/embed/job_app";

/** The origin of an absolute URL; null for a path on the site itself (covered by 'self'). */
export function originOf(url: string | null | undefined): string | null {
  if (!url || url.startsWith("/")) return null;
  try {
    const parsed = new URL(url.replace(/<[^>]*>/g, "x"));
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

const present = (values: Array<string | null>): string[] =>
  [...new Set(values.filter((value): value is string => value !== null))].sort();

/**
 * Reads the build's environment: a build with other URLs gets other origins, and a feature that is
 * switched off (no Amplitude key, no Fingerprint key) adds none.
 */
export function policyOrigins(source: Source): PolicyOrigins {
  const analytics = readAnalyticsConfig(source, "site");
  const identification = readIdentificationConfig(source);
  const publicEnv = readPublicEnv(source);

  const connect: Array<string | null> = [originOf(publicEnv.apiUrl)];
  const script: Array<string | null> = [];
  if (analytics.apiKey !== null) connect.push(originOf(analytics.serverUrl));
  if (identification.apiKey !== null) {
    connect.push(
      originOf(identification.endpoint),
      originOf(identification.eventsApiUrl),
      originOf(identification.scriptUrlPattern),
    );
    script.push(originOf(identification.scriptUrlPattern));
    if (identification.testAgentUrl !== null) {
      // Test builds: a loopback agent replaces the SDK's downloads, so its fallbacks never run.
      connect.push(originOf(identification.testAgentUrl));
    } else {
      connect.push(FINGERPRINT_API[identification.region]);
      script.push(FINGERPRINT_CDN);
    }
  }
  const directBoard = !publicEnv.greenhouse.proxy && publicEnv.greenhouse.board !== null;
  if (directBoard) connect.push(originOf(publicEnv.greenhouse.apiUrl));

  // The apply page frames the form named by the proxy's server setting, or the public one in direct mode.
  const frame = directBoard
    ? [originOf(publicEnv.greenhouse.embedUrl)]
    : [originOf(source.GREENHOUSE_EMBED_URL?.trim() || DEFAULT_GREENHOUSE_EMBED_URL)];

  return { script: present(script), connect: present(connect), frame: present(frame) };
}
