/** Loads data in the browser after mount, with loading, error and retry; the server render shows loading. */
import * as React from "react";

export type RemoteData<T> =
  { status: "loading" } | { status: "error"; error: unknown } | { status: "success"; data: T };

/**
 * `load` runs after mount and again on `retry()` or when a key changes; a newer request aborts the
 * older one, so a slow first answer can never overwrite a later one.
 */
export function useRemoteData<T>(
  load: (signal: AbortSignal) => Promise<T>,
  keys: readonly unknown[],
): RemoteData<T> & { retry: () => void } {
  const [state, setState] = React.useState<RemoteData<T>>({ status: "loading" });
  const [attempt, setAttempt] = React.useState(0);
  const loadRef = React.useRef(load);
  loadRef.current = load;

  React.useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: "success", data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: "error", error });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's keys decide when to reload
  }, [attempt, ...keys]);

  const retry = React.useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
