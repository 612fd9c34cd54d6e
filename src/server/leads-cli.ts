// `npm run leads [-- --json]`: lists the leads kept in the outbox (LEADS_OUTBOX_DIR, default .outbox/leads).
import { readLeadsEnv } from "./env";
import { formatLeads } from "./leadsReport";
import { createFileOutbox } from "./outbox";

async function main(): Promise<void> {
  const env = readLeadsEnv();
  const records = await createFileOutbox(env.outboxDir).list();
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
