// nextTask settles in a later task; afterNextPaint settles only after a frame and the task after it, never
// waits for a frame a hidden tab will not paint, and gives up on a frame that never comes.
import { afterEach, describe, expect, it, vi } from "vitest";
import { PAINT_WAIT_LIMIT_MS, afterNextPaint, nextTask } from "../../../src/runtime/nextTask";

type FrameCallback = () => void;

function stubPage(visibilityState: "visible" | "hidden"): FrameCallback[] {
  const frames: FrameCallback[] = [];
  vi.stubGlobal("document", { visibilityState });
  vi.stubGlobal("requestAnimationFrame", (callback: FrameCallback) => {
    frames.push(callback);
    return frames.length;
  });
  return frames;
}

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  // Two new tasks: whatever was due by now has run.
  await nextTask();
  await nextTask();
  return done;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("afterNextPaint", () => {
  it("waits for the next frame, then for a task after it", async () => {
    const frames = stubPage("visible");
    const painted = afterNextPaint();
    expect(await settled(painted)).toBe(false);
    expect(frames).toHaveLength(1);
    frames[0]?.();
    expect(await settled(painted)).toBe(true);
  });

  it("does not wait for a frame in a hidden tab", async () => {
    const frames = stubPage("hidden");
    expect(await settled(afterNextPaint())).toBe(true);
    expect(frames).toHaveLength(0);
  });

  it("settles after the limit when no frame comes", async () => {
    stubPage("visible");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const painted = afterNextPaint();
    let done = false;
    void painted.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_LIMIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});

/** Resolves once every task queued so far (and the microtasks they queue) has run. */
const afterQueuedTasks = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("nextTask", () => {
  it("settles after the microtasks already queued, in a later task", async () => {
    let settled = false;
    void nextTask().then(() => {
      settled = true;
    });
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    expect(settled).toBe(false);
    await afterQueuedTasks();
    expect(settled).toBe(true);
  });
});
