// The production bundle starts React DOM, styled-components, the site's gatsby-browser and Gatsby's entry
// in four tasks, in that order: a task queued while one of them runs (a tap, a timer) runs before the next one starts.
import { describe, expect, it, vi } from "vitest";
import { nextTask } from "../../../src/runtime/nextTask";

const log = vi.hoisted(() => [] as string[]);
vi.mock("react-dom/client", () => {
  log.push("react-dom");
  return {};
});
vi.mock("styled-components", () => {
  log.push("styled-components");
  return { default: {} };
});
vi.mock("../../../gatsby-browser", () => {
  log.push("site");
  return {};
});
vi.mock("gatsby-production-app", () => {
  log.push("gatsby");
  return {};
});

describe("the browser entry", () => {
  it("starts each part in a task of its own, React DOM first and Gatsby's entry last", async () => {
    await import("../../../src/runtime/browserEntry");
    const taskLog: string[][] = [];
    // One snapshot per task boundary until all four parts have run.
    for (let turn = 0; turn < 10 && log.length < 4; turn += 1) {
      taskLog.push([...log]);
      await nextTask();
    }
    taskLog.push([...log]);
    expect(log).toEqual(["react-dom", "styled-components", "site", "gatsby"]);
    // Every part appeared in a different snapshot: no two started in one task.
    const firstSeen = log.map((part) => taskLog.findIndex((snapshot) => snapshot.includes(part)));
    expect(new Set(firstSeen).size).toBe(4);
  });
});
