/**
 * What the site knows about a visit that a lead carries. The providers publish it here and the forms
 * read it, so the import runs one way: forms → providers.
 */
import * as React from "react";

export type LeadContext = {
  /** All utm_* query values plus referral_url. */
  utmInfo: Record<string, string>;
  landingPage: string;
  previousPage: string;
  visitorId: string;
  /** ISO country code, or null when unknown. */
  country: string | null;
};

export const emptyLeadContext: LeadContext = {
  utmInfo: {},
  landingPage: "",
  previousPage: "",
  visitorId: "",
  country: null,
};

/** Providers (visit history, identification, consent) publish what they know here; forms read it. */
export const LeadContextSource = React.createContext<Partial<LeadContext>>({});
