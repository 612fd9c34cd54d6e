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
