/** Asks for the bot-detection result of one identification request, and the BotD fallback. */
import type { IdentificationConfig } from "../../config/identification";
import { readBotVerdict, type BotResult, type BotVerdict, type EventsAnswer } from "./result";

type Fetch = typeof fetch;

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** The error message an events answer carries, or a plain description of its status. */
function failure(status: number, body: unknown): Error {
  const message =
    body && typeof body === "object"
      ? (body as { error?: { message?: unknown } }).error?.message
      : undefined;
  return new Error(typeof message === "string" ? message : `Events request failed (${status})`);
}

/**
 * Proxy on: GET the site's own events path with the serverless-function header and the request id.
 * Proxy off: GET {events API}/events/{requestId} and read products.botd / products.virtualMachine.
 */
export async function fetchBotVerdict(
  config: Pick<IdentificationConfig, "proxy" | "eventsPath" | "eventsApiUrl">,
  requestId: string,
  fetchImpl: Fetch = fetch,
): Promise<BotVerdict> {
  if (config.proxy) {
    const response = await fetchImpl(config.eventsPath, {
      headers: {
        "x-vercel-function": "events",
        "x-request-id": requestId,
        accept: "application/json",
      },
    });
    const body = await readJson(response);
    if (!response.ok) throw failure(response.status, body);
    return readBotVerdict((body ?? {}) as EventsAnswer);
  }
  const response = await fetchImpl(
    `${config.eventsApiUrl}/events/${encodeURIComponent(requestId)}`,
    { headers: { accept: "application/json" } },
  );
  const body = (await readJson(response)) as {
    products?: { botd?: EventsAnswer["botd"]; virtualMachine?: { data?: { result?: unknown } } };
  } | null;
  if (!response.ok) throw failure(response.status, body);
  return readBotVerdict({
    ...(body?.products?.botd ? { botd: body.products.botd } : {}),
    vm: body?.products?.virtualMachine?.data?.result,
  });
}

type BotdModule = {
  load(options: { monitoring: boolean }): Promise<{ detect(): { bot: boolean; botKind?: string } }>;
};

/** Open-source BotD in the browser: the same bot flag when the Pro result is not available. */
export async function detectWithBotd(
  loadModule: () => Promise<BotdModule> = () =>
    import(/* webpackChunkName: "botd" */ "@fingerprintjs/botd"),
): Promise<BotResult> {
  const botd = await loadModule();
  const detector = await botd.load({ monitoring: false });
  const detected = detector.detect();
  return detected.bot
    ? { result: detected.botKind ?? "unknown", bad: true, source: "botd" }
    : { result: "notDetected", bad: false, source: "botd" };
}
