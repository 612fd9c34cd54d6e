/** The visitor's country from GET /api/get-country, fetched once per page load and shared. */
let pending: Promise<string | null> | null = null;

export function loadCountry(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  pending ??= fetchImpl("/api/get-country", { headers: { accept: "application/json" } })
    .then((response) => {
      // An error status is a failed lookup too, not just a network error. Its body (a host's
      // HTML error page where no function runs) is dropped: unread, it holds the connection open.
      if (!response.ok) {
        void response.body?.cancel().catch(() => undefined);
        throw new Error(`GET /api/get-country answered ${response.status}`);
      }
      return response.json() as Promise<unknown>;
    })
    .then((body: unknown) => {
      const country = (body as { country?: unknown } | null)?.country;
      return typeof country === "string" && /^[A-Z]{2}$/.test(country) ? country : null;
    })
    .catch((error: unknown) => {
      console.error("Error fetching country data:", error);
      return null;
    });
  return pending;
}

/** For tests: forget the cached answer. */
export function resetCountry(): void {
  pending = null;
}
