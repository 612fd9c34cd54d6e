/**
 * A promise that settles in a new task, so the browser can paint and handle input in between. A message
 * on a channel rather than a timer: timers in a hidden tab wait a second or more.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** How long `afterNextPaint` waits for a frame at most (a tab hidden meanwhile paints none). */
export const PAINT_WAIT_LIMIT_MS = 100;

/**
 * A promise that settles once the browser has presented the next frame. A handler that has changed what the
 * visitor sees (a pressed button, "Sending…") awaits it before work the visitor does not see, so that work
 * does not delay the tap's own frame (the interaction's latency). A hidden tab paints no frames: there it
 * settles in the next task, and after PAINT_WAIT_LIMIT_MS at the latest.
 */
export function afterNextPaint(): Promise<void> {
  if (
    typeof requestAnimationFrame !== "function" ||
    typeof document === "undefined" ||
    document.visibilityState !== "visible"
  ) {
    return nextTask();
  }
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, PAINT_WAIT_LIMIT_MS);
    requestAnimationFrame(() => {
      // The frame's rendering runs after this callback; a new task starts after it is done.
      void nextTask().then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  });
}
