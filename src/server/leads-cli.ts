// `npm run leads [-- --json | --retry]`: lists the outbox's leads (LEADS_OUTBOX_DIR, default .outbox/leads) or resends the pending ones.
import { readLeadsEnv } from "./env";
import { formatLeads, formatRetry } from "./leadsReport";
import { retryPending } from "./leadsRetry";
import { createFileOutbox } from "./outbox";

async function main(): Promise<void> {
  const env = readLeadsEnv();
  const outbox = createFileOutbox(env.outboxDir);
  if (process.argv.includes("--retry")) {
    console.log(`Outbox: ${env.outboxDir}\n`);
    console.log(formatRetry(await retryPending({ env, outbox })));
    return;
  }
  const records = await outbox.list();
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(records, null, 2));
    return;
  }
  console.log(`Outbox: ${env.outboxDir}\n`);
  console.log(formatLeads(records));
}

main().catch((error: unknown) => {
  console.error(`npm run leads: ${(error as Error).message}`);
  process.exit(1);
});
