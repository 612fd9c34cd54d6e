/**
 * This thread's CPU time, for figures the build reports about work done inside a busy pass (the Markdown twins):
 * Linux's /proc/thread-self/schedstat gives it in nanoseconds per thread, so other threads and processes on a
 * shared machine do not count. Elsewhere the wall clock stands in.
 */
import { closeSync, openSync, readSync } from "node:fs";

let fd: number | null | undefined;
const buffer = Buffer.alloc(96);

/** Milliseconds of CPU this thread has used (or, where the system does not say, of wall clock). */
export function threadCpuMs(): number {
  if (fd === undefined) {
    try {
      // Opened by this thread, the file stays this thread's; each worker thread opens its own.
      fd = openSync("/proc/thread-self/schedstat", "r");
    } catch {
      fd = null;
    }
  }
  if (fd === null) return performance.now();
  const length = readSync(fd, buffer, 0, buffer.length, 0);
  const nanoseconds = Number(buffer.toString("latin1", 0, length).split(" ")[0]);
  return Number.isFinite(nanoseconds) ? nanoseconds / 1e6 : performance.now();
}

/** Closes this thread's file (a worker about to end; tests). */
export function closeThreadCpu(): void {
  if (typeof fd === "number") closeSync(fd);
  fd = undefined;
}
