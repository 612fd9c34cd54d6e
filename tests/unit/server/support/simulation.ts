// A simulated clock for actors that run at once (workers, a slow HubSpot): each waits with sleep(), and
// time jumps to the next wake-up only when every actor is waiting on the clock, never while one is
// still doing real I/O (a database query, a file, a loopback request). Same inputs, same order, every run.

export type Simulation = {
  /** The simulated time, for the stores' and workers' `now`. */
  now(): Date;
  /** Resolves once the simulated clock has moved `ms` forward. */
  sleep(ms: number): Promise<void>;
  /** Runs the actors together until every one has finished. */
  run(actors: readonly (() => Promise<void>)[]): Promise<void>;
  /**
   * Runs actors from inside a running one (a worker's lanes), which only waits for them meanwhile and
   * so is not counted as busy: time moves once every lane waits on the clock.
   */
  join(actors: readonly (() => Promise<void>)[]): Promise<void>;
};

export function createSimulation(start: number): Simulation {
  let clock = start;
  let sequence = 0;
  let running = 0;
  const sleepers: { at: number; order: number; wake: () => void }[] = [];
  let scheduled = false;

  /** Moves time on once nobody is busy; checked after the event loop has settled (real I/O included). */
  const advance = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (running === 0 || sleepers.length < running) return;
      sleepers.sort((a, b) => a.at - b.at || a.order - b.order);
      const next = sleepers.shift();
      if (!next) return;
      clock = Math.max(clock, next.at);
      next.wake();
    });
  };

  async function run(actors: readonly (() => Promise<void>)[]): Promise<void> {
    running += actors.length;
    await Promise.all(
      actors.map(async (actor) => {
        try {
          await actor();
        } finally {
          running -= 1;
          advance();
        }
      }),
    );
  }

  return {
    now: () => new Date(clock),
    sleep(ms) {
      return new Promise<void>((resolve) => {
        sleepers.push({ at: clock + Math.max(0, ms), order: (sequence += 1), wake: resolve });
        advance();
      });
    },
    run,
    async join(actors) {
      running -= 1;
      try {
        await run(actors);
      } finally {
        running += 1;
      }
    },
  };
}
