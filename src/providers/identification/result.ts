/**
 * What identification produced, as the rest of the site sees it: the update a run reports, the rejection rules for
 * the bot-detection answer, and a clear sentence for each agent error the Fingerprint SDK can raise.
 */

export type BotResult = { result: string; bad: boolean; source: "pro" | "botd" };

export type IdentificationStatus = "off" | "waiting-consent" | "loading" | "error" | "loaded";

export type IdentificationUpdate = {
  status: IdentificationStatus;
  visitorId?: string;
  requestId?: string;
  confidence?: number;
  bot?: BotResult;
  vm?: boolean;
  ipLocation?: Location;
  /** The exact rejection message; absent with the bare error flag (no request id). */
  error?: string;
  /** Why the Pro bot result was rejected (the BotD fallback may still have answered). */
  botError?: string;
};

/** The answer of the site's events function (and of a direct events API, reduced to the same). */
export type EventsAnswer = {
  botd?: { data?: { bot?: { result?: unknown } } | null; error?: { message?: unknown } | null };
  vm?: unknown;
};

export type BotVerdict =
  { ok: true; bot: BotResult; vm: boolean } | { ok: false; message: string; vm?: boolean };

export const BOTD_EMPTY = "BotD field is empty";

/** An error → its message; empty data → "BotD field is empty"; otherwise the result. */
export function readBotVerdict(answer: EventsAnswer): BotVerdict {
  const vm = answer.vm === true;
  const botd = answer.botd;
  if (botd?.error) {
    const message = typeof botd.error.message === "string" ? botd.error.message : "";
    return { ok: false, message: message || BOTD_EMPTY, vm };
  }
  const result = botd?.data?.bot?.result;
  if (!botd?.data || typeof result !== "string" || result === "") {
    return { ok: false, message: BOTD_EMPTY, vm };
  }
  return { ok: true, bot: { result, bad: result === "bad", source: "pro" }, vm };
}

/** A thrown Error keeps its message; anything else becomes "Unknown error <value>". */
export function errorMessage(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message;
  let text: string;
  try {
    text = typeof thrown === "string" ? thrown : JSON.stringify(thrown);
  } catch {
    text = String(thrown);
  }
  return `Unknown error ${text}`;
}

/** The agent's error messages (docs/contracts/fingerprint.md §1), each with what it means for a visitor. */
const AGENT_MESSAGES: Record<string, string> = {
  "API key required":
    "Identification is not set up on this site yet: the public API key is missing.",
  "API key not found": "The site's identification API key is not recognised.",
  "API key expired": "The site's identification API key has expired.",
  "Request cannot be parsed": "The identification request could not be read by the service.",
  "Request failed": "The identification service failed to answer. Try again in a moment.",
  "Request failed to process": "The identification service took too long. Try again in a moment.",
  "Too many requests, rate limit exceeded":
    "Too many identification requests right now. Wait a few seconds and try again.",
  "Not available for this origin":
    "Identification is not enabled for this website address (origin not allowed).",
  "Not available with restricted header": "Identification was refused because of a request header.",
  "Hostname restricted": "Identification is not enabled for this host name.",
  "Wrong region": "The site's identification region does not match its workspace.",
  "Subscription not active": "The site's identification subscription is not active.",
  "Client timeout":
    "Identification timed out. A slow connection or a busy device can cause this: try again.",
  "Network connection error":
    "Identification could not reach the network. Check your connection and try again.",
  "Network request aborted": "The identification request was interrupted. Try again.",
  "Response cannot be parsed": "The identification service sent an answer we could not read.",
  "Blocked by CSP": "Identification was blocked by the page's content security policy (CSP).",
  "The endpoint parameter is not a valid URL":
    "The site's identification endpoint is misconfigured.",
  "Failed to load the JS script of the agent":
    "The identification script failed to load. An ad blocker or a network filter may be stopping it.",
};

/** A visitor-facing sentence for an identification failure (the raw message stays available). */
export function describeAgentError(message: string): string {
  return AGENT_MESSAGES[message] ?? (message || "Identification failed for an unknown reason.");
}

export type Location = {
  continentCode?: string;
  continentName?: string;
  countryCode?: string;
  countryName?: string;
};

type RawLocation = {
  continent?: { code?: unknown; name?: unknown };
  country?: { code?: unknown; name?: unknown };
};

const str = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

/** The continent and country of an agent or visits result, when present. */
export function readLocation(raw: unknown): Location | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const { continent, country } = raw as RawLocation;
  const location: Location = {};
  const set = (key: keyof Location, value: unknown) => {
    const text = str(value);
    if (text) location[key] = text;
  };
  set("continentCode", continent?.code);
  set("continentName", continent?.name);
  set("countryCode", country?.code);
  set("countryName", country?.name);
  return Object.keys(location).length > 0 ? location : undefined;
}

export type Visit = { requestId: string; time: string; url?: string; location?: Location };

export const VISITS_LIMIT = 21;

/** The visits function's answer → at most 20 visits, and whether there were more. */
export function readVisits(answer: unknown): { visits: Visit[]; more: boolean } {
  const list =
    answer && typeof answer === "object" && Array.isArray((answer as { visits?: unknown }).visits)
      ? ((answer as { visits: unknown[] }).visits as Record<string, unknown>[])
      : [];
  const visits = list.flatMap((raw): Visit[] => {
    const requestId = str(raw.requestId);
    const time = str(raw.time);
    if (!requestId || !time) return [];
    const location = readLocation(raw.ipLocation);
    const url = str(raw.url);
    return [{ requestId, time, ...(url ? { url } : {}), ...(location ? { location } : {}) }];
  });
  return { visits: visits.slice(0, VISITS_LIMIT - 1), more: visits.length >= VISITS_LIMIT };
}
