/**
 * One identification round as a plain function: the agent's answer, the bot verdict
 * for its request id, the open-source BotD fallback, and the update the rest of the site sees.
 */
import type { IdentificationUpdate } from "./result";
import { errorMessage, readLocation, type BotResult, type BotVerdict } from "./result";

export type AgentAnswer = {
  visitorId: string;
  requestId?: string;
  confidence?: { score?: number };
  ipLocation?: unknown;
};

export type IdentifySteps = {
  /** The agent call, ignoring the cache (a fresh request id every round). */
  getData(): Promise<AgentAnswer>;
  /** The bot result of that request (events function or events API). */
  verdict(requestId: string): Promise<BotVerdict>;
  /** Open-source BotD in the browser, for when the Pro result is not available. */
  botd(): Promise<BotResult>;
};

export async function identifyVisitor(steps: IdentifySteps): Promise<IdentificationUpdate> {
  let data: AgentAnswer;
  try {
    data = await steps.getData();
  } catch (thrown) {
    return { status: "error", error: errorMessage(thrown) };
  }
  // No request id: nothing to verify; the error flag is set without a message.
  if (!data.requestId) return { status: "error" };

  const ipLocation = readLocation(data.ipLocation);
  const identity = {
    visitorId: data.visitorId,
    requestId: data.requestId,
    ...(data.confidence?.score !== undefined ? { confidence: data.confidence.score } : {}),
    ...(ipLocation ? { ipLocation } : {}),
  };
  let botError: string | undefined;
  let vm: boolean | undefined;
  let bot: BotResult | undefined;
  try {
    const verdict = await steps.verdict(data.requestId);
    vm = verdict.vm;
    if (verdict.ok) bot = verdict.bot;
    else botError = verdict.message;
  } catch (thrown) {
    botError = errorMessage(thrown);
  }
  if (!bot) {
    try {
      bot = await steps.botd();
    } catch {
      // Neither source answered: the demo shows the Pro error, analytics never starts.
    }
  }
  return {
    status: bot ? "loaded" : "error",
    ...identity,
    ...(bot ? { bot } : {}),
    ...(vm !== undefined ? { vm } : {}),
    ...(botError ? { botError } : {}),
    ...(!bot && botError ? { error: botError } : {}),
  };
}
