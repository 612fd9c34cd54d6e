// Runs the schedule trigger on each host: Netlify's scheduled function and Vercel's cron (the deployed
// schedule.json, fetched), and the Node server's timer (its own build's file).
import { promises as fs } from "node:fs";
import path from "node:path";
import { parseSchedule, SCHEDULE_PATH, type ScheduleFile } from "../../data/schedule";
import { readLeadsEnv, type LeadsEnv } from "../env";
import { errorResponse, json, type Handler } from "../http/responses";
import { describeFailure, fetchUpstream } from "../integrations/upstream";
import { postAlert } from "../leads/alerts";
import { sameSecret } from "../leads/workerRunner";
import { openTriggerStore } from "./openTriggerStore";
import { runScheduleTrigger, type TriggerDeps, type TriggerOutcome } from "./trigger";
import type { BuildTrigger } from "./triggerStore";

/** The alert: a time and a reason (the schedule names no entry, and neither does this). */
export function triggerAlertText(trigger: BuildTrigger): string {
  return (
    `The build scheduled for ${trigger.dueAt} could not be started: ${trigger.lastError ?? "no reason recorded"}. ` +
    "Entries due then stay unpublished until a build runs: check BUILD_HOOK_URL, then deploy by hand."
  );
}

/** The deployed site's schedule.json, never following a redirect; null when it cannot be read. */
export function scheduleFromUrl(env: LeadsEnv, fetchImpl: typeof fetch = fetch) {
  return async (): Promise<ScheduleFile | null> => {
    const outcome = await fetchUpstream(env.schedule.url, {
      service: "schedule.json",
      cache: "no-store",
      timeoutMs: env.schedule.timeoutMs,
      fetch: fetchImpl,
      // {"nextBuildAt": "<ISO>"} is under a hundred bytes.
      maxBytes: 4096,
      read: (response) => response.text(),
    });
    if (outcome.kind !== "answer") {
      console.warn(`build trigger: ${describeFailure(outcome)}`);
      return null;
    }
    return outcome.response.ok ? parseSchedule(outcome.value) : null;
  };
}

/** The local build's schedule.json. */
export const scheduleFromFile = (publicDir: string) => async (): Promise<ScheduleFile | null> =>
  parseSchedule(
    await fs.readFile(path.join(publicDir, SCHEDULE_PATH.slice(1)), "utf8").catch(() => ""),
  );

/** One pass with the host's configuration; `extra` overrides for tests. */
export function runBuildTrigger(
  env: LeadsEnv = readLeadsEnv(),
  readSchedule: TriggerDeps["readSchedule"] = scheduleFromUrl(env),
  extra: Partial<TriggerDeps> = {},
): Promise<TriggerOutcome> {
  const logError = (line: string) => console.error(line);
  return runScheduleTrigger({
    store: openTriggerStore(env),
    hookUrl: env.schedule.buildHookUrl,
    timeoutMs: env.schedule.timeoutMs,
    leaseMs: Math.max(60_000, 2 * env.schedule.timeoutMs + 10_000),
    readSchedule,
    log: (line) => console.warn(line),
    onFailed: async (trigger) => {
      const text = triggerAlertText(trigger);
      logError(`build trigger failed: ${text}`);
      await postAlert(env.delivery.alertWebhookUrl, text, extra.fetch ?? fetch, logError);
    },
    ...extra,
  });
}

/** GET /api/build-trigger, Vercel's cron, with `Authorization: Bearer $CRON_SECRET` like the lead worker. */
export const buildTriggerHandler: Handler = async (request) => {
  let env: LeadsEnv;
  try {
    env = readLeadsEnv();
  } catch {
    return errorResponse(503, "not_configured", "The build trigger is not configured.");
  }
  if (!env.delivery.cronSecret)
    return errorResponse(
      503,
      "not_configured",
      "Set CRON_SECRET to let the scheduler run the build trigger.",
    );
  if (!sameSecret(request.headers.get("authorization") ?? "", `Bearer ${env.delivery.cronSecret}`))
    return errorResponse(401, "unauthorized", "Only the scheduler may run the build trigger.");
  return json(await runBuildTrigger(env), { headers: { "cache-control": "no-store" } });
};

/** The Node server's trigger: a pass every interval (and one at start), never two at once. */
export function startScheduleTimer(
  env: LeadsEnv,
  publicDir: string,
  log: (line: string) => void,
  intervalMs = 60_000,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runBuildTrigger(env, scheduleFromFile(publicDir))
      .then((outcome) => {
        if (outcome.result !== "idle" && outcome.result !== "waiting")
          log(`build trigger: ${outcome.result}${outcome.dueAt ? ` (due ${outcome.dueAt})` : ""}`);
      })
      .catch((error: unknown) => log(`build trigger: ${(error as Error).message}`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
