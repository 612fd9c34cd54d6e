// Types for interactions.mjs (the interaction benchmark and its unit test).
export interface Interaction {
  id: string;
  label: string;
  route: string;
  viewport: "phone" | "desktop";
  country: string;
}
export declare const VIEWPORTS: Record<"phone" | "desktop", Record<string, unknown>>;
export declare const INTERACTIONS: Interaction[];
export declare function selectInteractions(
  list: string | undefined,
  all?: Interaction[],
): Interaction[];
