// The SDK's event storage behind saveAfterThePaint: one write of the latest queue after the frame, reads that
// see it meanwhile, and nothing written once consent went.
import { describe, expect, it } from "vitest";
import { saveAfterThePaint } from "../../../../src/providers/analytics/startAnalytics";

type Events = Array<{ event_type: string }>;

function memoryStorage() {
  const data = new Map<string, Events>();
  const writes: Array<[string, Events]> = [];
  return {
    data,
    writes,
    storage: {
      isEnabled: async () => true,
      get: async (key: string) => data.get(key),
      getRaw: async (key: string) => (data.has(key) ? JSON.stringify(data.get(key)) : undefined),
      set: async (key: string, value: Events) => {
        writes.push([key, value]);
        data.set(key, value);
      },
      remove: async (key: string) => {
        data.delete(key);
      },
      reset: async () => data.clear(),
    },
  };
}

/** A paint the test gives when it wants: every wait so far settles. */
function paints() {
  const waiting: Array<() => void> = [];
  return {
    afterPaint: () => new Promise<void>((resolve) => waiting.push(resolve)),
    paint: async () => {
      for (const resolve of waiting.splice(0)) resolve();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

const clicked = [{ event_type: "[Amplitude] Element Clicked" }];
const clickedTwice = [...clicked, { event_type: "Web CTA Clicked" }];

describe("saveAfterThePaint", () => {
  it("writes nothing before the paint, then one write of the latest queue", async () => {
    const { storage, writes } = memoryStorage();
    const { afterPaint, paint } = paints();
    const config = { storageProvider: storage };
    saveAfterThePaint(config, () => true, afterPaint);
    void config.storageProvider.set("AMP_unsent_key", clicked);
    void config.storageProvider.set("AMP_unsent_key", clickedTwice);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(writes).toEqual([]);
    // Read meanwhile, the queue is the one waiting to be written.
    expect(await config.storageProvider.get("AMP_unsent_key")).toEqual(clickedTwice);
    expect(await config.storageProvider.getRaw("AMP_unsent_key")).toBe(
      JSON.stringify(clickedTwice),
    );
    await paint();
    expect(writes).toEqual([["AMP_unsent_key", clickedTwice]]);
    // A later save waits for a paint of its own.
    void config.storageProvider.set("AMP_unsent_key", clicked);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(writes).toHaveLength(1);
    await paint();
    expect(writes.at(-1)).toEqual(["AMP_unsent_key", clicked]);
  });

  it("writes nothing once consent went, and a removal drops what was waiting", async () => {
    const { storage, writes, data } = memoryStorage();
    const { afterPaint, paint } = paints();
    let consented = true;
    const config = { storageProvider: storage };
    saveAfterThePaint(config, () => consented, afterPaint);
    void config.storageProvider.set("AMP_unsent_key", clicked);
    consented = false;
    await paint();
    expect(writes).toEqual([]);

    consented = true;
    data.set("AMP_unsent_other", clicked);
    void config.storageProvider.set("AMP_unsent_other", clickedTwice);
    await config.storageProvider.remove("AMP_unsent_other");
    await paint();
    expect(writes).toEqual([]);
    expect(data.has("AMP_unsent_other")).toBe(false);
  });
});
