// @vitest-environment node
// The file lead store's memory stays bounded: rate counters leave once their window has passed and
// Idempotency-Keys after 24 hours, and a flood of new addresses or keys cannot grow either past its cap.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFileLeadStore } from "../../../../src/server/leads/fileLeadStore";

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), "lead-store-memory-"));
});
afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

const minute = [{ max: 5, ms: 60_000 }];

describe("the file store's memory", () => {
  it("forgets a counter once its window has passed", async () => {
    let now = Date.parse("2026-11-24T09:00:00.000Z");
    const store = createFileLeadStore(folder, () => new Date(now));
    for (let i = 0; i < 10_000; i += 1) await store.take(`ip:/api/hubspot/:198.${i}`, minute);
    expect(store.memory().counterKeys).toBe(10_000);
    now += 2 * 60_000;
    await store.take("ip:/api/hubspot/:203.0.113.1", minute);
    expect(store.memory().counterKeys).toBe(1);
  });

  it("keeps at most its cap of counters, dropping the least recently used", async () => {
    const store = createFileLeadStore(folder, () => new Date(Date.parse("2026-11-24T09:00:00Z")), {
      maxCounterKeys: 1000,
      maxIdempotencyKeys: 1000,
    });
    for (let i = 0; i < 5; i += 1) await store.take("busy", minute);
    for (let i = 0; i < 5000; i += 1) {
      await store.take(`flood:${i}`, minute);
      // A key in use stays: it is the most recently used.
      if (i % 100 === 0) await store.take("busy", minute, true);
    }
    expect(store.memory().counterKeys).toBeLessThanOrEqual(1000);
    expect((await store.take("busy", minute)).ok).toBe(false);
  });

  it("forgets an Idempotency-Key after 24 hours, and keeps at most its cap", async () => {
    let now = Date.parse("2026-11-24T09:00:00.000Z");
    const store = createFileLeadStore(folder, () => new Date(now), {
      maxCounterKeys: 1000,
      maxIdempotencyKeys: 20,
    });
    const entry = { endpoint: "/api/hubspot-newsletter/", payload: { email: "k@example.org" } };
    for (let i = 0; i < 30; i += 1) await store.addOnce(entry, `key-${i}`, "fingerprint");
    expect(store.memory().idempotencyKeys).toBe(20);
    expect(await store.findKey("key-29")).not.toBeNull();
    now += 25 * 3_600_000;
    expect(await store.findKey("key-29")).toBeNull();
    expect(store.memory().idempotencyKeys).toBe(0);
    // The leads themselves stay on disk; only the in-memory index forgot them.
    expect(await store.list()).toHaveLength(30);
  });

  it("after a restart, reads back only the keys of the last 24 hours", async () => {
    let now = Date.parse("2026-11-24T09:00:00.000Z");
    const first = createFileLeadStore(folder, () => new Date(now));
    const entry = { endpoint: "/api/hubspot-newsletter/", payload: { email: "r@example.org" } };
    await first.addOnce(entry, "old-key", "fp");
    now += 23 * 3_600_000;
    await first.addOnce(entry, "new-key", "fp");
    now += 2 * 3_600_000;
    const restarted = createFileLeadStore(folder, () => new Date(now));
    expect(await restarted.findKey("old-key")).toBeNull();
    expect((await restarted.findKey("new-key"))?.fingerprint).toBe("fp");
    expect(restarted.memory().idempotencyKeys).toBe(1);
  });
});
