// Picks the schedule trigger's store as the leads pick theirs: PostgreSQL with DATABASE_URL, else files.
import path from "node:path";
import type { LeadsEnv } from "../env";
import { createFileTriggerStore } from "./fileTriggerStore";
import { createPgTriggerStore } from "./pgTriggerStore";
import type { TriggerStore } from "./triggerStore";

const opened = new Map<string, TriggerStore>();

/** PostgreSQL when DATABASE_URL is set (shared by every instance), else files beside the file lead store. */
export function openTriggerStore(env: LeadsEnv): TriggerStore {
  const key = env.databaseUrl ?? `file:${env.storeDir}`;
  let store = opened.get(key);
  if (!store) {
    store = env.databaseUrl
      ? createPgTriggerStore(env.databaseUrl, { max: 2 })
      : createFileTriggerStore(path.join(path.dirname(env.storeDir), "build-triggers"));
    opened.set(key, store);
  }
  return store;
}

export async function closeTriggerStores(): Promise<void> {
  const stores = [...opened.values()];
  opened.clear();
  await Promise.all(stores.map((store) => store.close()));
}
