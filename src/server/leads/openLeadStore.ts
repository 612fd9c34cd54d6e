// Picks the lead store from the configuration: PostgreSQL when DATABASE_URL is set, else the file lead store.
import type { LeadsEnv } from "../env";
import type { LeadStore } from "./leadStore";
import { createFileLeadStore } from "./fileLeadStore";
import { createPgLeadStore } from "./pgLeadStore";

/** One store per location and process: a warm serverless instance reuses its connection pool. */
const opened = new Map<string, LeadStore>();

export function storeLocation(env: LeadsEnv): string {
  return env.databaseUrl ? "DATABASE_URL" : env.storeDir;
}

export function openLeadStore(env: LeadsEnv): LeadStore {
  const key = env.databaseUrl ?? `file:${env.storeDir}`;
  let store = opened.get(key);
  if (!store) {
    store = env.databaseUrl
      ? createPgLeadStore(env.databaseUrl, { max: env.delivery.poolSize })
      : createFileLeadStore(env.storeDir);
    opened.set(key, store);
  }
  return store;
}

/** Closes every store this process opened (the CLI and the local server on exit). */
export async function closeLeadStores(): Promise<void> {
  const stores = [...opened.values()];
  opened.clear();
  await Promise.all(stores.map((store) => store.close()));
}
