// Nobody has to watch a log: a lead that ends `failed` is logged once at error level and posted to a webhook.
import type { LeadsEnv } from "../env";
import type { LeadRecord, LeadStore } from "./leadStore";

/** The alert text: the email's domain and the reason only, never the person's address or message. */
export function alertText(record: LeadRecord): string {
  const email = typeof record.payload.email === "string" ? record.payload.email : "";
  const domain = email.includes("@") ? email.slice(email.lastIndexOf("@") + 1) : "unknown domain";
  return (
    `A lead from ${record.endpoint} (${domain}) could not be delivered to HubSpot: ` +
    `${record.lastError ?? "no reason recorded"}. Lead ${record.id}; after fixing the cause: ` +
    `npm run leads -- --replay ${record.id}`
  );
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
    if (env.delivery.alertWebhookUrl) {
      try {
        const response = await fetchImpl(env.delivery.alertWebhookUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ text }),
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) logError(`lead alert webhook answered ${response.status}`);
      } catch (error) {
        logError(`lead alert webhook could not be reached: ${(error as Error).message}`);
      }
    }
    await store.update({ ...record, alertedAt: new Date().toISOString() }).catch(() => undefined);
  };
}
