// Runs the delivery worker: a pass loop for cron hosts (Netlify schedule, Vercel cron, the CLI) and a timer for the local server.
import { createHash, timingSafeEqual } from "node:crypto";
import { readLeadsEnv, type LeadsEnv } from "../env";
import { errorResponse, json, type Handler } from "../http/responses";
import { failureAlerts } from "./alerts";
import { deliverDue, type DeliveryReport } from "./deliveryWorker";
import { openLeadStore } from "./openLeadStore";

/** Scheduled functions are stopped after 30 s (Netlify) or the plan's limit (Vercel): stay well inside. */
const RUN_BUDGET_MS = 20_000;

export type WorkerRun = {
  passes: number;
  sent: number;
  forwarded: number;
  failed: number;
  stopped?: string;
};

/** Passes until nothing is due, HubSpot needs a rest, or the time budget is spent. */
export async function runDeliveryWorker(
  env: LeadsEnv = readLeadsEnv(),
  budgetMs = RUN_BUDGET_MS,
): Promise<WorkerRun> {
  const store = openLeadStore(env);
  const started = Date.now();
  const run: WorkerRun = { passes: 0, sent: 0, forwarded: 0, failed: 0 };
  while (Date.now() - started < budgetMs) {
    const report: DeliveryReport = await deliverDue({
      store,
      env,
      onFailed: failureAlerts(store, env),
      log: (line) => console.warn(line),
    });
    run.passes += 1;
    run.sent += report.sent;
    run.forwarded += report.outcomes.filter((item) => item.result === "forwarded").length;
    run.failed += report.outcomes.filter((item) => item.result === "failed").length;
    if (report.stopped) run.stopped = report.stopped;
    if (report.stopped || report.claimed === 0) break;
  }
  return run;
}

/**
 * Whether two secrets are equal, in time that does not depend on where they differ: both are hashed
 * first, so the comparison always runs over 32 bytes whatever their lengths.
 */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /api/leads-worker, called by Vercel's cron with `Authorization: Bearer $CRON_SECRET`. Without
 * CRON_SECRET it refuses to run, so nobody else can make the site send on their schedule.
 */
export const leadsWorkerHandler: Handler = async (request) => {
  let env: LeadsEnv;
  try {
    env = readLeadsEnv();
  } catch {
    return errorResponse(503, "not_configured", "The lead worker is not configured.");
  }
  if (!env.delivery.cronSecret) {
    return errorResponse(
      503,
      "not_configured",
      "Set CRON_SECRET to let the scheduler run the lead worker.",
    );
  }
  const given = request.headers.get("authorization") ?? "";
  if (!sameSecret(given, `Bearer ${env.delivery.cronSecret}`)) {
    return errorResponse(401, "unauthorized", "Only the scheduler may run the lead worker.");
  }
  return json(await runDeliveryWorker(env), { headers: { "cache-control": "no-store" } });
};

/** The local server's worker: a pass every interval, never two at once; stop() waits for the current one. */
export function startWorkerTimer(env: LeadsEnv, log: (line: string) => void): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runDeliveryWorker(env)
      .then((run) => {
        if (run.sent > 0) {
          log(
            `leads worker: ${run.sent} sent, ${run.forwarded} forwarded, ${run.failed} failed${run.stopped ? ` (${run.stopped})` : ""}`,
          );
        }
      })
      .catch((error: unknown) => log(`leads worker: ${(error as Error).message}`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, env.delivery.workerIntervalMs);
  timer.unref();
  // A restart delivers what the previous process left without waiting a whole interval.
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
