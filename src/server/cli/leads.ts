// `npm run leads [-- --json | --retry | --replay ID | --all-failed | --check]`: lists the lead store, runs the worker, or re-queues failed leads.
import { readLeadsEnv } from "../env";
import { checkForms, formatChecks } from "./hubspotFormCheck";
import { formatLeads, formatRetry } from "./leadsReport";
import { replayFailed, retryPending } from "../leads/retry";
import { closeLeadStores, openLeadStore, storeLocation } from "../leads/openLeadStore";

async function main(): Promise<void> {
  const env = readLeadsEnv();
  const store = openLeadStore(env);
  const args = process.argv.slice(2);
  if (args.includes("--check")) {
    const checks = await checkForms(env);
    console.log(formatChecks(checks));
    if (checks.some((check) => check.missing.length > 0 || check.error)) process.exitCode = 1;
    return;
  }
  const where = `Lead store: ${env.databaseUrl ? "PostgreSQL (DATABASE_URL)" : storeLocation(env)}\n`;
  const replayAt = args.indexOf("--replay");
  if (replayAt >= 0 || args.includes("--all-failed")) {
    const id = replayAt >= 0 ? args[replayAt + 1] : undefined;
    if (replayAt >= 0 && !id) throw new Error("--replay needs a lead id (see npm run leads).");
    const requeued = await replayFailed(store, id ? { id } : "all-failed");
    console.log(where);
    console.log(
      requeued.length === 0
        ? "No failed lead matched; nothing was re-queued."
        : `${requeued.length} lead(s) re-queued; the worker sends them on its next run (or: npm run leads -- --retry).`,
    );
    return;
  }
  if (args.includes("--retry")) {
    console.log(where);
    console.log(formatRetry(await retryPending({ env, store })));
    return;
  }
  const records = await store.list();
  if (args.includes("--json")) {
    console.log(JSON.stringify(records, null, 2));
    return;
  }
  console.log(where);
  console.log(formatLeads(records));
}

main()
  .catch((error: unknown) => {
    console.error(`npm run leads: ${(error as Error).message}`);
    process.exitCode = 1;
  })
  .finally(() => closeLeadStores());
