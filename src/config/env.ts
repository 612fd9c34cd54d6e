/** Public (browser-visible) configuration read at build time: the careers job board, the product API, the web-vitals sample. */

type PublicSource = Readonly<Record<string, string | undefined>>;

export type PublicEnv = {
  /**
   * Base URL of the product's API (GATSBY_API_URL). One rule for every use: null (GATSBY_API_URL
   * unset) means no service-status call or indicator and no single sign-on links.
   */
  apiUrl: string | null;
  greenhouse: {
    /** True: the browser asks the site's own /greenhouse/ proxy. False: it calls the job board directly. */
    proxy: boolean;
    /** Board token for direct mode (the `acme` in boards.greenhouse.io/acme); null forces proxy mode. */
    board: string | null;
    /** Job Board API base used in direct mode. */
    apiUrl: string;
    /** Hosted application form, embedded in an iframe in direct mode. */
    embedUrl: string;
  };
  /** Share of page loads (0 to 1) whose web vitals are reported to analytics, with consent only. */
  webVitalsSampleRate: number;
};

/** One page load in ten: enough for the percentiles of a busy page, a tenth of the events of reporting all. */
export const DEFAULT_WEB_VITALS_SAMPLE_RATE = 0.1;

function sampleRate(value: string | null, name: string, fallback: number): number {
  if (value === null) return fallback;
  const rate = Number(value);
  if (!/^(0|1|0?\.\d+|1\.0*)$/.test(value) || !(rate >= 0 && rate <= 1)) {
    throw new Error(`${name} must be a number from 0 to 1, got "${value}".`);
  }
  return rate;
}

export const DEFAULT_GREENHOUSE_API_URL = "https://boards-api.greenhouse.io/v1";
export const DEFAULT_GREENHOUSE_EMBED_URL = "https://job-boards.greenhouse.io/embed/job_app";
const BOARD_TOKEN = /^[A-Za-z0-9_-]{1,100}$/;

function read(source: PublicSource, name: string): string | null {
  const value = source[name]?.trim();
  return value ? value : null;
}

function httpUrl(value: string | null, name: string): string | null {
  if (value === null) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}".`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}".`);
  }
  return value.replace(/\/+$/, "");
}

/** Off only when explicitly switched off, so a typo keeps the safer, cached proxy path. */
function flag(value: string | null, fallback: boolean): boolean {
  if (value === null) return fallback;
  return !/^(0|false|off|no)$/i.test(value);
}

export function readPublicEnv(source: PublicSource): PublicEnv {
  const board = read(source, "GATSBY_GREENHOUSE_BOARD");
  if (board !== null && !BOARD_TOKEN.test(board)) {
    throw new Error(
      `GATSBY_GREENHOUSE_BOARD must be a board token (letters, digits, - and _), got "${board}".`,
    );
  }
  return {
    apiUrl: httpUrl(read(source, "GATSBY_API_URL"), "GATSBY_API_URL"),
    greenhouse: {
      proxy: flag(read(source, "GATSBY_GREENHOUSE_PROXY"), true),
      board,
      apiUrl:
        httpUrl(read(source, "GATSBY_GREENHOUSE_API_URL"), "GATSBY_GREENHOUSE_API_URL") ??
        DEFAULT_GREENHOUSE_API_URL,
      embedUrl:
        httpUrl(read(source, "GATSBY_GREENHOUSE_EMBED_URL"), "GATSBY_GREENHOUSE_EMBED_URL") ??
        DEFAULT_GREENHOUSE_EMBED_URL,
    },
    webVitalsSampleRate: sampleRate(
      read(source, "GATSBY_WEB_VITALS_SAMPLE_RATE"),
      "GATSBY_WEB_VITALS_SAMPLE_RATE",
      DEFAULT_WEB_VITALS_SAMPLE_RATE,
    ),
  };
}

// Gatsby inlines process.env.GATSBY_* into the bundle only when each is written out literally.
export const publicEnv: PublicEnv = readPublicEnv({
  GATSBY_API_URL: process.env.GATSBY_API_URL,
  GATSBY_GREENHOUSE_PROXY: process.env.GATSBY_GREENHOUSE_PROXY,
  GATSBY_GREENHOUSE_BOARD: process.env.GATSBY_GREENHOUSE_BOARD,
  GATSBY_GREENHOUSE_API_URL: process.env.GATSBY_GREENHOUSE_API_URL,
  GATSBY_GREENHOUSE_EMBED_URL: process.env.GATSBY_GREENHOUSE_EMBED_URL,
  GATSBY_WEB_VITALS_SAMPLE_RATE: process.env.GATSBY_WEB_VITALS_SAMPLE_RATE,
});
