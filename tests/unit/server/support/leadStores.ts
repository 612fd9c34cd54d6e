// Lead stores for the worker tests on a simulated clock: a fresh file store or PostgreSQL database each, filled
// with newsletter leads; the folders are collected for the test file to remove.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createFileLeadStore } from "../../../../src/server/leads/fileLeadStore";
import type { LeadStore } from "../../../../src/server/leads/leadStore";
import { createPgLeadStore } from "../../../../src/server/leads/pgLeadStore";
import { createDatabase } from "../../../support/postgres";
import { validBodies } from "../../leads/samples";

export type StoreKind = "file" | "postgres";

/** An empty store of `kind` on the clock `now`; `pgUrl` is the test's PostgreSQL server. */
export async function openEmptyStore(
  kind: StoreKind,
  now: () => Date,
  pgUrl: string,
  folders: string[],
  poolSize?: number,
): Promise<LeadStore> {
  if (kind === "file") {
    const folder = mkdtempSync(path.join(os.tmpdir(), "lead-store-"));
    folders.push(folder);
    return createFileLeadStore(folder, now);
  }
  return createPgLeadStore(await createDatabase(pgUrl, "store"), {
    now,
    ...(poolSize ? { max: poolSize } : {}),
  });
}

/** `count` pending newsletter leads, due now, with the emails `${prefix}0@example.org`…; their emails. */
export async function addLeads(store: LeadStore, count: number, prefix: string): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = `${prefix}${i}@example.org`;
    emails.push(email);
    await store.add({
      endpoint: "/api/hubspot-newsletter/",
      payload: { ...validBodies["/api/hubspot-newsletter/"], email },
    });
  }
  return emails;
}
