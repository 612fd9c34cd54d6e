// @vitest-environment jsdom
// Tests the interaction benchmark's host probe: the workload runs and cleans up after itself, refuses to report a
// time for work that did not happen, the probe reports the median of its rounds after a warm-up, and the report
// warns when the host was slower than the one the budget was judged on; --cpu=calibrated's slowdown and its note.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  calibratedNote,
  calibratedSlowdown,
  parseSlowdown,
  probeHost,
  REFERENCE_SLOWDOWN,
  probeWorkload,
  REFERENCE_PROBE_MS,
  slowHostNote,
} from "../../../scripts/lib/hostprobe.mjs";

afterEach(() => vi.restoreAllMocks());

describe("the probe's workload", () => {
  it("takes a time, and leaves the page as it found it", () => {
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({
      height: 900,
    } as DOMRect);
    document.body.innerHTML = "<main>page</main>";
    const ms = probeWorkload();
    expect(ms).toBeGreaterThan(0);
    expect(document.body.innerHTML).toBe("<main>page</main>");
  });

  it("throws rather than time a layout that did not happen", () => {
    // jsdom lays nothing out: every box is 0 px tall.
    expect(() => probeWorkload()).toThrow("the probe's workload did not run");
  });
});

describe("probing the host", () => {
  /** A browser whose page answers each evaluate with the next of `times`. */
  function fakeBrowser(times: number[]) {
    const close = vi.fn(async () => {});
    const evaluate = vi.fn(async () => {
      const next = times.shift();
      if (next === undefined) throw new Error("page closed");
      return next;
    });
    const page = { setContent: vi.fn(async () => {}), evaluate };
    const browser = { newContext: async () => ({ newPage: async () => page, close }) };
    return { browser, evaluate, close };
  }

  it("reports the median of its rounds, leaving out the warm-up, and closes its context", async () => {
    const { browser, evaluate, close } = fakeBrowser([900, 80.4, 95, 70, 88, 79.6]);
    const probe = await probeHost(browser as never, 5);
    expect(evaluate).toHaveBeenCalledTimes(6);
    expect(evaluate).toHaveBeenCalledWith(probeWorkload);
    expect(probe).toEqual({ ms: 80, runs: [80, 95, 70, 88, 80] });
    expect(close).toHaveBeenCalledOnce();
  });

  it("closes its context when the page fails", async () => {
    const { browser, close } = fakeBrowser([900, 80]);
    await expect(probeHost(browser as never, 5)).rejects.toThrow("page closed");
    expect(close).toHaveBeenCalledOnce();
  });
});

describe("the slow-host warning", () => {
  const limit = REFERENCE_PROBE_MS.high * 1.5;

  it("stays quiet on a host like the reference, or a little slower", () => {
    expect(slowHostNote({ ms: 45 }, { ms: 50 })).toBeNull();
    expect(slowHostNote({ ms: limit }, { ms: limit })).toBeNull();
  });

  it("names the slowest probe and its factor when either side of the run was slow", () => {
    const note = slowHostNote({ ms: 70 }, { ms: 124 });
    expect(note).toContain("124 ms");
    expect(note).toContain(`${(124 / REFERENCE_PROBE_MS.high).toFixed(1)}×`);
    expect(note).toContain("--floors");
    expect(slowHostNote({ ms: limit + 1 }, null)).toContain(`${limit + 1} ms`);
  });

  it("says nothing when the host was not probed", () => {
    expect(slowHostNote(undefined, undefined)).toBeNull();
  });
});

describe("the --cpu option", () => {
  it("takes a slowdown of 1 or more, 4 by default, or calibrated (decided after the probe)", () => {
    expect(parseSlowdown()).toBe(REFERENCE_SLOWDOWN);
    expect(parseSlowdown("2.5")).toBe(2.5);
    expect(parseSlowdown("calibrated")).toBeNull();
  });

  it("refuses anything else, naming what it got", () => {
    for (const bad of ["0.5", "fast", ""])
      expect(() => parseSlowdown(bad)).toThrow(`or "calibrated" (got ${bad})`);
  });
});

describe("the calibrated slowdown", () => {
  const { low, high } = REFERENCE_PROBE_MS;

  it("is the reference slowdown itself on a host of the reference speed", () => {
    for (const ms of [low, (low + high) / 2, high])
      expect(calibratedSlowdown(ms)).toEqual({ rate: REFERENCE_SLOWDOWN, hostFactor: 1 });
  });

  it("slows a slower host less, in proportion to the range's slow end, so the estimate errs slow", () => {
    expect(calibratedSlowdown(high * 2)).toEqual({ rate: REFERENCE_SLOWDOWN / 2, hostFactor: 2 });
    // 130 ms: 2.24× the slow end; 4 / 2.24 = 1.78 (from the middle of the range it would be 1.52).
    expect(calibratedSlowdown(130)).toEqual({ rate: 1.78, hostFactor: 2.24 });
  });

  it("slows a faster host more, from the range's fast end", () => {
    expect(calibratedSlowdown(low / 2)).toEqual({ rate: REFERENCE_SLOWDOWN * 2, hostFactor: 0.5 });
  });

  it("never asks for less than 1× (Chromium cannot speed a page up)", () => {
    expect(calibratedSlowdown(high * 10).rate).toBe(1);
    expect(calibratedSlowdown(high * 10).hostFactor).toBe(10);
  });

  it("scales another target the same way", () => {
    expect(calibratedSlowdown(high * 2, 6).rate).toBe(3);
  });
});

describe("the calibrated run's note", () => {
  const { high } = REFERENCE_PROBE_MS;

  it("on a slow host, names the probe and the rate, and calls the figures upper bounds, an estimate", () => {
    const probe = { ms: high * 2 };
    const note = calibratedNote(calibratedSlowdown(probe.ms), probe, probe);
    expect(note).toContain(`${high * 2} ms`);
    expect(note).toContain(`ran at ${REFERENCE_SLOWDOWN / 2}×`);
    expect(note).toContain("2× slower");
    expect(note).toContain("upper bound");
    expect(note).not.toContain("changed speed");
  });

  it("on a host of the reference speed, says the run is the measurement itself", () => {
    const note = calibratedNote(calibratedSlowdown(50), { ms: 50 }, { ms: 52 });
    expect(note).toContain(`ran at ${REFERENCE_SLOWDOWN}×`);
    expect(note).toContain("measurement itself");
    expect(note).not.toContain("upper bound");
  });

  it("says the calibration did not hold when the host changed speed during the run", () => {
    const slower = calibratedNote(calibratedSlowdown(50), { ms: 50 }, { ms: 90 });
    expect(slower).toContain("The probe after the run took 90 ms");
    const faster = calibratedNote(calibratedSlowdown(130), { ms: 130 }, { ms: 60 });
    expect(faster).toContain("did not hold");
    // Within the factor either way, it holds.
    expect(calibratedNote(calibratedSlowdown(130), { ms: 130 }, { ms: 110 })).not.toContain(
      "did not hold",
    );
  });
});
