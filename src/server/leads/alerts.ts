// Nobody has to watch a log: a lead that ends `failed` is logged once at error level and posted to a
// webhook; the meter's ceilings (src/server/integrations/secretMeter.ts) post to the same one.
import type { LeadsEnv } from "../env";
import { describeFailure, fetchUpstream } from "../integrations/upstream";
import type { LeadRecord, LeadStore } from "./leadStore";
import { printable } from "../logText";

/** The alert text: the email's domain and the reason only, never the person's address or message. */
export function alertText(record: LeadRecord): string {
  const email = typeof record.payload.email === "string" ? record.payload.email : "";
  // The visitor typed it (checked as an e-mail address, but it still reaches a log line and a chat).
  const domain = email.includes("@")
    ? printable(email.slice(email.lastIndexOf("@") + 1), 100)
    : "unknown domain";
  return (
    `A lead from ${record.endpoint} (${domain}) could not be delivered to HubSpot: ` +
    `${record.lastError ?? "no reason recorded"}. Lead ${record.id}; after fixing the cause: ` +
    `npm run leads -- --replay ${record.id}`
  );
}

/**
 * Posts `text` to the Slack-compatible webhook (LEADS_ALERT_WEBHOOK_URL), if one is set; never throws,
 * and never follows a redirect (the text would go wherever it points).
 */
export async function postAlert(
  webhookUrl: string | null,
  text: string,
  fetchImpl: typeof fetch = fetch,
  logError: (line: string) => void = (line) => console.error(line),
): Promise<void> {
  if (!webhookUrl) return;
  const outcome = await fetchUpstream(webhookUrl, {
    service: "alert webhook",
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ text }),
    timeoutMs: 5000,
    fetch: fetchImpl,
    maxBytes: 4096,
    read: async (response) => {
      await response.body?.cancel().catch(() => undefined);
    },
  });
  if (outcome.kind !== "answer") logError(`alert not sent: ${describeFailure(outcome)}`);
  else if (!outcome.response.ok) logError(`alert webhook answered ${outcome.response.status}`);
}

/** Returns the onFailed hook for the handler and the worker. */
export function failureAlerts(
  store: LeadStore,
  env: LeadsEnv,
  fetchImpl: typeof fetch = fetch,
  logError: (line: string) => void = (line) => console.error(line),
): (record: LeadRecord) => Promise<void> {
  return async (record) => {
    if (record.alertedAt) return;
    const text = alertText(record);
    logError(`lead failed: ${text}`);
    await postAlert(env.delivery.alertWebhookUrl, text, fetchImpl, logError);
    await store.update({ ...record, alertedAt: new Date().toISOString() }).catch(() => undefined);
  };
}
