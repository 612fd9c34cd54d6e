/** The visitor's cookie choice as the rest of the site reads it; `ConsentProvider` fills it in. */
import * as React from "react";
import { UNDECIDED, type CookieChoice } from "./consent";

export type ConsentState = {
  choice: CookieChoice[];
  /** undefined while /api/get-country is pending, null when unknown. */
  country: string | null | undefined;
  inEU: boolean;
  analytics: boolean;
  advertising: boolean;
  bannerOpen: boolean;
  acceptAll(): void;
  rejectAll(): void;
  save(categories: CookieChoice[]): void;
  openSettings(): void;
  closeSettings(): void;
};

const noop = () => {};
/** What server rendering and the first client render see: nothing decided, nothing allowed. */
const initial: ConsentState = {
  choice: [...UNDECIDED],
  country: undefined,
  inEU: true,
  analytics: false,
  advertising: false,
  bannerOpen: false,
  acceptAll: noop,
  rejectAll: noop,
  save: noop,
  openSettings: noop,
  closeSettings: noop,
};

export const ConsentContext = React.createContext<ConsentState>(initial);

export const useConsent = (): ConsentState => React.useContext(ConsentContext);
