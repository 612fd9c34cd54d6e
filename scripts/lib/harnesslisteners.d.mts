// Types for harnesslisteners.mjs, so the browser tests can import it.
import type { CDPSession } from "@playwright/test";

export declare const HARNESS_LISTENER_MARK: string;
export declare function removeHarnessListeners(cdp: CDPSession): Promise<number>;
