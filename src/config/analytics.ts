/** Public analytics settings (Amplitude): read at build time; with no key, analytics is off. */
import { site } from "./site";

type PublicSource = Readonly<Record<string, string | undefined>>;

export type AnalyticsConfig = {
  /** Amplitude project API key (public by design); null switches analytics off. */
  apiKey: string | null;
  /** Ingestion endpoint (HTTP V2 API); configuration so tests point it at a loopback fake. */
  serverUrl: string;
  /** True: exposures go through the site's POST /amp-exp/; false: straight to the HTTP API. */
  exposureProxy: boolean;
  /** The group every visitor is put in, keyed by their visitor id. */
  deviceGroupType: string;
};

export const DEFAULT_AMPLITUDE_SERVER_URL = "https://api2.amplitude.com/2/httpapi";
const API_KEY = /^[A-Za-z0-9]{8,64}$/;

export function readAnalyticsConfig(source: PublicSource, productName: string): AnalyticsConfig {
  const key = source.GATSBY_AMPLITUDE_API_KEY?.trim() || null;
  if (key !== null && !API_KEY.test(key)) {
    throw new Error(`GATSBY_AMPLITUDE_API_KEY must be letters and digits only, got "${key}".`);
  }
  const url = source.GATSBY_AMPLITUDE_SERVER_URL?.trim() || DEFAULT_AMPLITUDE_SERVER_URL;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`GATSBY_AMPLITUDE_SERVER_URL must be an absolute http(s) URL, got "${url}".`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new Error(`GATSBY_AMPLITUDE_SERVER_URL must be an absolute http(s) URL, got "${url}".`);
  }
  const proxy = source.GATSBY_AMPLITUDE_EXPOSURE_PROXY?.trim();
  return {
    apiKey: key,
    serverUrl: url,
    exposureProxy: proxy === undefined || proxy === "" || !/^(0|false|off|no)$/i.test(proxy),
    deviceGroupType: `${productName} device`,
  };
}

// Gatsby inlines process.env.GATSBY_* into the bundle only when each is written out literally.
export const analyticsConfig: AnalyticsConfig = readAnalyticsConfig(
  {
    GATSBY_AMPLITUDE_API_KEY: process.env.GATSBY_AMPLITUDE_API_KEY,
    GATSBY_AMPLITUDE_SERVER_URL: process.env.GATSBY_AMPLITUDE_SERVER_URL,
    GATSBY_AMPLITUDE_EXPOSURE_PROXY: process.env.GATSBY_AMPLITUDE_EXPOSURE_PROXY,
  },
  site.productName,
);
