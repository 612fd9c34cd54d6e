// Starts the real SDK as the site does, tracks one click and waits until its flush has gathered the batch: the
// transport is then waiting for its own task, which the test lets run with `release()`.
import { vi, expect } from "vitest";
import type { AnalyticsConfig } from "../../../../../src/config/analytics";
import {
  startAnalytics,
  type Visitor,
} from "../../../../../src/providers/analytics/startAnalytics";
import { tracking } from "../../../../../src/providers/analytics/tracking";

export async function startWithHeldBatch(
  config: AnalyticsConfig,
  visitor: Visitor,
): Promise<{ release(): void }> {
  let release: (() => void) | null = null;
  let started = false;
  await startAnalytics(config, visitor, () =>
    started ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve(),
  );
  started = true;
  tracking.setMode("on");
  tracking.webCtaClicked({ label: "Book", href: "/demo/", placement: "hero", "page path": "/" });
  // The flush timer (1 s) has gathered the batch and handed it to the transport, which waits for a task.
  await vi.waitFor(() => expect(release).not.toBeNull(), { timeout: 4000 });
  return { release: () => release!() };
}
