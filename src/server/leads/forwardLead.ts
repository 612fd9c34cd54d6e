// A lead request's third step: the stored lead's first attempt at HubSpot, and the visitor's answer.
import type { LeadsEnv } from "../env";
import { json } from "../http/responses";
import { failureAlerts } from "./alerts";
import { OUTBOUND_KEY, scheduleAfter } from "./deliveryWorker";
import { submitToHubspot } from "./hubspot";
import type { LeadRecord, StoredAnswer } from "./leadStore";
import type { ParsedLead } from "./parseLead";
import { afterAttempt, fieldMapFor, fixableFields, hubspotFormGuid } from "./routing";
import type { StoredLead } from "./storeLead";

export type ForwardOptions = {
  fetch?: typeof fetch;
  log: (line: string) => void;
  /** Where a lead that ends `failed` is reported (besides the webhook). */
  alertLog: (line: string) => void;
  now: () => Date;
  random?: () => number;
  /** Told when the lead is left pending for the worker (no slot, or HubSpot deferred it). */
  deliverLater?: () => void;
};

const noStore = { "cache-control": "no-store" };
const answered = (answer: StoredAnswer) =>
  json(answer.body, { status: answer.status, headers: noStore });
const accepted = (id: string): StoredAnswer => ({ status: 200, body: { ok: true, id } });

/**
 * Sends the lead to its HubSpot form once, while this request still holds its lease, and answers.
 * The lead is stored: whatever fails here, the visitor hears it was received (a 5xx would make them
 * send it again), and the worker sends it once this request's lease ends. Without HubSpot configured
 * for the form the lead stays in the store. Only a refusal of a field the visitor sees is a 422.
 */
export async function forwardLead(
  lead: ParsedLead,
  { store, record, owner }: StoredLead,
  env: LeadsEnv,
  options: ForwardOptions,
): Promise<Response> {
  const { endpoint, payload, context } = lead;
  const { log } = options;

  const formGuid = hubspotFormGuid(endpoint, payload, env);
  /** Records the answer (for replays) and hands the lead to the worker; the lead is safe either way. */
  const settle = async (next: LeadRecord, answer: StoredAnswer): Promise<Response> => {
    try {
      if (!(await store.finish({ ...next, answer }, owner))) {
        log(`lead ${endpoint}: ${record.id} lease ended before its first attempt was written`);
      }
      // Released above, so the drain this starts can claim it: nothing waits for the next schedule.
      if (next.status === "pending" && env.hubspot.portalId && formGuid) options.deliverLater?.();
      if (next.status === "failed")
        await failureAlerts(store, env, options.fetch, options.alertLog)({ ...next, answer });
    } catch (error) {
      // The lead itself is already stored; only its status is stale, and the worker will resend it.
      log(`lead ${endpoint}: ${record.id} status update failed: ${(error as Error).message}`);
    }
    return answered(answer);
  };

  if (!env.hubspot.portalId || !formGuid) {
    log(`lead ${endpoint}: ${record.id} kept in the lead store (HubSpot not configured)`);
    return settle(record, accepted(record.id));
  }
  try {
    const slot = await store
      .take(OUTBOUND_KEY, [{ max: env.delivery.outboundPer10s, ms: 10_000 }])
      .catch(() => ({ ok: false as const, retryAfterMs: 0 }));
    // The same fence as the worker's: send only while this request still holds the lead.
    if (!slot.ok || !(await store.renew(record, owner, env.delivery.leaseMs))) {
      return settle(record, accepted(record.id));
    }
    const at = options.now();
    const result = await submitToHubspot(
      env.hubspot,
      formGuid,
      payload,
      new Date(record.submittedAt),
      context,
      options.fetch ?? fetch,
      fieldMapFor(endpoint, env),
    );
    const fixable =
      result.kind === "rejected" ? fixableFields(endpoint, payload, result.fields) : {};
    let next = afterAttempt(record, result, fixable, at);
    if (next.status === "pending") next = scheduleAfter(record, result, at, options.random);
    if (next.status === "rejected") {
      return settle(next, {
        status: 422,
        body: {
          error: {
            code: "rejected_upstream",
            message: "Please check the highlighted fields.",
            fields: fixable,
          },
        },
      });
    }
    if (next.status !== "forwarded") {
      log(`lead ${endpoint}: ${record.id} ${next.status} (${next.lastError ?? "no reason"})`);
    }
    return settle(next, accepted(record.id));
  } catch (error) {
    log(`lead ${endpoint}: ${record.id} first attempt failed: ${(error as Error).message}`);
    options.deliverLater?.();
    return answered(accepted(record.id));
  }
}
