// Types for interactions.mjs (the interaction benchmark and its unit test).
export interface Interaction {
  id: string;
  label: string;
  route: string;
  viewport: "phone" | "desktop";
  country: string;
  /** A tap (a finger on the touch screen) or keys (the keyboard). */
  kind: "tap" | "keys";
  /** A reference tap, measured against no budget. */
  reference?: true;
  /** The HTML the bench serves itself at `route` (the no-script floor). */
  page?: string;
}
export declare const VIEWPORTS: Record<"phone" | "desktop", Record<string, unknown>>;
export declare const INTERACTIONS: Interaction[];
export declare const FLOOR_PAGE: string;
export declare const REFERENCES: Interaction[];
export declare function selectInteractions(
  list: string | undefined,
  all?: Interaction[],
): Interaction[];
export interface TapPoint {
  x: number;
  y: number;
  problem: string | null;
}
export declare function tapPoint(
  box: { x: number; y: number; width: number; height: number },
  viewport: { width: number; height: number },
  at?: { x: number; y: number },
): TapPoint;
export declare function fingerTap(
  page: {
    evaluate<T>(fn: () => T): Promise<T>;
    touchscreen: { tap(x: number, y: number): Promise<void> };
  },
  target: { evaluate<T, A>(fn: (element: Element, arg: A) => T, arg?: A): Promise<T> },
  at?: { x: number; y: number },
): Promise<void>;
