// @vitest-environment node
// Gatsby's worker count for the queries and the HTML: one per core, as memory allows, and never over a choice
// the environment already made.
import { describe, expect, it } from "vitest";
import { gatsbyWorkerCount, giveGatsbyEveryCore } from "../../../src/gatsby/gatsbyWorkers";

const GIB = 1024 ** 3;

describe("Gatsby's workers", () => {
  it("runs one per core where memory allows it", () => {
    expect(gatsbyWorkerCount(2, 24 * GIB)).toBe(2);
    expect(gatsbyWorkerCount(4, 16 * GIB)).toBe(4);
  });

  it("takes fewer on a machine short of memory, never none", () => {
    expect(gatsbyWorkerCount(4, 8 * GIB)).toBe(3);
    expect(gatsbyWorkerCount(8, 3 * GIB)).toBe(1);
    expect(gatsbyWorkerCount(1, 64 * GIB)).toBe(1);
  });

  it("sets GATSBY_CPU_COUNT one above the workers, which is how Gatsby counts them", () => {
    const env: NodeJS.ProcessEnv = {};
    expect(giveGatsbyEveryCore(env, 2, 24 * GIB)).toBe(2);
    expect(env.GATSBY_CPU_COUNT).toBe("3");
  });

  it("leaves a GATSBY_CPU_COUNT the environment set", () => {
    const env: NodeJS.ProcessEnv = { GATSBY_CPU_COUNT: "2" };
    expect(giveGatsbyEveryCore(env, 8, 64 * GIB)).toBe(1);
    expect(env.GATSBY_CPU_COUNT).toBe("2");
  });
});
