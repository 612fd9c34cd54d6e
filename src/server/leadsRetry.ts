// Resends the outbox's pending leads to HubSpot (`npm run leads -- --retry`), recording each outcome durably.
import { isLeadEndpoint } from "../forms/schemas";
import type { LeadsEnv } from "./env";
import { afterAttempt, hubspotFormGuid } from "./handlers/leads";
import { submitToHubspot } from "./hubspot";
import type { LeadRecord, LeadStatus, Outbox } from "./outbox";

/**
 * A pending lead younger than this may still be in its first attempt (HubSpot's timeout is at most
 * 30 s), so a resend now could deliver it twice.
 */
export const IN_FLIGHT_MS = 60_000;

export type RetryOutcome = {
  id: string;
  endpoint: string;
  email: string;
  /** The status after this run; `skipped` means the record was left as it was. */
  result: LeadStatus | "skipped";
  reason?: string;
};

export type RetryReport =
  | { configured: false; pending: number }
  | { configured: true; pending: number; outcomes: RetryOutcome[]; stoppedEarly: boolean };

type RetryOptions = {
  env: LeadsEnv;
  outbox: Outbox;
  fetch?: typeof fetch;
  now?: () => Date;
};

/**
 * Re-forwards every pending lead, oldest first. Without a portal id nothing is sent and nothing
 * changes. A 429 stops the run, so a backlog does not spend the portal's rate limit in one go.
 */
export async function retryPending({
  env,
  outbox,
  fetch: fetchImpl = fetch,
  now = () => new Date(),
}: RetryOptions): Promise<RetryReport> {
  const pending = (await outbox.list()).filter((record) => record.status === "pending");
  if (!env.hubspot.portalId) return { configured: false, pending: pending.length };
  const outcomes: RetryOutcome[] = [];
  let stoppedEarly = false;
  for (const record of pending) {
    const email = typeof record.payload.email === "string" ? record.payload.email : "";
    const skip = (reason: string) =>
      outcomes.push({ id: record.id, endpoint: record.endpoint, email, result: "skipped", reason });
    if (stoppedEarly) {
      skip("not tried: HubSpot rate-limited this run");
      continue;
    }
    if (now().getTime() - Date.parse(record.submittedAt) < IN_FLIGHT_MS) {
      skip("accepted less than a minute ago, may still be in flight");
      continue;
    }
    if (!isLeadEndpoint(record.endpoint)) {
      skip(`unknown endpoint ${record.endpoint}`);
      continue;
    }
    const formGuid = hubspotFormGuid(record.endpoint, record.payload, env);
    if (!formGuid) {
      skip(
        record.endpoint === "/api-webinar/"
          ? "its webinar form id is not on the allowlist"
          : "no HubSpot form GUID is configured for this endpoint",
      );
      continue;
    }
    const result = await submitToHubspot(
      env.hubspot,
      formGuid,
      record.payload,
      new Date(record.submittedAt),
      record.context ?? {},
      fetchImpl,
    );
    // Nobody is at the form any more: a field error now is as final as any other refusal.
    const next: LeadRecord = afterAttempt(record, result, {}, now());
    await outbox.update(next);
    outcomes.push({
      id: record.id,
      endpoint: record.endpoint,
      email,
      result: next.status,
      ...(next.lastError ? { reason: next.lastError } : {}),
    });
    if (result.kind === "deferred" && result.rateLimited) stoppedEarly = true;
  }
  return { configured: true, pending: pending.length, outcomes, stoppedEarly };
}
