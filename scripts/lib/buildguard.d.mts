// Types for buildguard.mjs, so TypeScript tests can import it.
import type { ChildProcess, StdioOptions } from "node:child_process";

export declare const TICKS_PER_SECOND: number;
export declare function parseCpuStat(
  text: string,
): { state: string; utime: number; stime: number } | null;
export interface CpuMember {
  pid: number;
  state: string;
  ticks: number;
  command: string;
}
export declare function treeCpu(rootPid: number, procDir?: string): CpuMember[];
export declare function createStallJudge(options: { quietMs: number; minCpuMs: number }): {
  observe(now: number, members: ReadonlyArray<{ pid: number; ticks: number }>): boolean;
};
export interface GuardLimits {
  quietMs: number;
  minCpuMs: number;
  deadlineMs: number;
  intervalMs: number;
}
export declare const BUILD_GUARD: GuardLimits;
export interface Stuck {
  reason: string;
  processes: CpuMember[];
}
export interface GuardedResult {
  code: number;
  signal: NodeJS.Signals | null;
  stuck: Stuck | null;
}
export declare function describeProcesses(members: CpuMember[]): string;
export declare function runGuarded(
  cmd: string,
  args: string[],
  options?: {
    cwd?: string;
    env?: Record<string, string | undefined>;
    stdio?: StdioOptions;
    label?: string;
    guard?: Partial<GuardLimits>;
    report?: (line: string) => void;
    procDir?: string;
    onSpawn?: (child: ChildProcess) => void;
  },
): Promise<GuardedResult>;
export declare function groupAlive(pgid: number, procDir?: string): boolean;
export declare function runRetryingStuck(
  cmd: string,
  args: string[],
  options?: Parameters<typeof runGuarded>[2] & {
    attempts?: number;
    beforeRetry?: () => void | Promise<void>;
  },
): Promise<GuardedResult & { stuckRuns: Stuck[] }>;
