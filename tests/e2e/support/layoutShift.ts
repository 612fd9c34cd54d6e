// Records every layout shift a page makes from its first frame, with the elements that moved, for specs
// that hold a page (or one moment of it) to no layout shift.
import type { Page } from "@playwright/test";

/** What the page keeps: one value and one description per shift, and a reader that settles first. */
interface Recorder {
  __layoutShifts: () => Promise<{ values: number[]; shifts: string[] }>;
}

/** Starts the recorder before any of the page's own code runs (call before `page.goto`). */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: Array<{
        node?: Node | null;
        previousRect: DOMRectReadOnly;
        currentRect: DOMRectReadOnly;
      }>;
    };
    const values: number[] = [];
    const shifts: string[] = [];
    const record = (entries: PerformanceEntryList) => {
      for (const entry of entries as Shift[]) {
        if (entry.hadRecentInput) continue;
        values.push(entry.value);
        for (const source of entry.sources ?? []) {
          const el = source.node as Element | null;
          const from = source.previousRect;
          const to = source.currentRect;
          shifts.push(
            `${el?.nodeName ?? "?"}.${String(el?.className ?? "").slice(0, 30)} "${(el?.textContent ?? "").slice(0, 30)}" x ${from.x}→${to.x} y ${from.y}→${to.y} h ${from.height}→${to.height}`,
          );
        }
      }
    };
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    observer.observe({ type: "layout-shift", buffered: true });
    // A shift is reported after its frame: read once two more frames are painted, with the records the
    // observer holds but has not delivered yet.
    const settled: Recorder["__layoutShifts"] = () =>
      new Promise((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            record(observer.takeRecords());
            resolve({ values: [...values], shifts: [...shifts] });
          }),
        ),
      );
    Object.assign(window, { __layoutShifts: settled });
  });
}

/** Every shift so far: each one's score, their sum (the page's CLS) and one line per element that moved. */
export async function layoutShifts(
  page: Page,
): Promise<{ cls: number; values: number[]; shifts: string[] }> {
  const { values, shifts } = await page.evaluate(() =>
    (window as unknown as Recorder).__layoutShifts(),
  );
  return { cls: values.reduce((sum, value) => sum + value, 0), values, shifts };
}
