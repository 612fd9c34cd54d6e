export declare const CHROMIUM_BASE_ARGS: readonly string[];
