/** What the site knows about a visit that a lead carries, independent of React. */
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
