// The CPU time the build reports for work inside its busy passes: this thread's own, not the wall clock's, so a
// thread that waits (on a timer, on another process) does not count the wait.
import { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { closeThreadCpu, threadCpuMs } from "../../../src/gatsby/threadCpu";

afterAll(() => closeThreadCpu());

describe("threadCpuMs", () => {
  it("grows with work done on this thread and not with time spent waiting", async () => {
    const start = threadCpuMs();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waited = threadCpuMs() - start;
    let sum = 0;
    const busyStart = threadCpuMs();
    for (let i = 0; i < 30_000_000; i += 1) sum += Math.sqrt(i);
    const busy = threadCpuMs() - busyStart;
    expect(sum).toBeGreaterThan(0);
    expect(waited).toBeLessThan(150);
    expect(busy).toBeGreaterThan(waited);
  });

  it("counts another thread's work to that thread only", async () => {
    const start = threadCpuMs();
    const worker = new Worker(
      "let x = 0; for (let i = 0; i < 60000000; i += 1) x += Math.sqrt(i);",
      { eval: true },
    );
    await new Promise((resolve) => worker.on("exit", resolve));
    expect(threadCpuMs() - start).toBeLessThan(150);
  });
});
