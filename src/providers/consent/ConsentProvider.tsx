/** Holds the visitor's cookie choice, asks for the country once at start, and shows the banner when the rules say so. */
import * as React from "react";
import {
  CONSENT_STORAGE_KEY,
  EVERYTHING,
  REQUIRED_ONLY,
  allows,
  bannerShows,
  countsAsEU,
  decided,
  parseChoice,
  resolveChoice,
  UNDECIDED,
  type CookieChoice,
} from "./consent";
import { removeTrackingCookies, removeTrackingStorage } from "./cookies";
import { loadCountry } from "./country";
import { ConsentContext, type ConsentState } from "./useConsent";

function store(choice: readonly CookieChoice[]): void {
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // Storage refused: the choice holds for this page view only.
  }
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    // Storage blocked (cookies disabled): nothing stored, so the rules start from "not decided".
    return null;
  }
}

const ConsentBanner = React.lazy(() =>
  import(/* webpackChunkName: "consent-banner" */ "./ConsentBanner").then((module) => ({
    default: module.ConsentBanner,
  })),
);

export function ConsentProvider({ children }: { children: React.ReactNode }) {
  const [choice, setChoice] = React.useState<CookieChoice[]>([...UNDECIDED]);
  const [country, setCountry] = React.useState<string | null | undefined>(undefined);
  const [settingsOpen, setSettingsOpen] = React.useState(false);
  // The visitor answered: the banner goes in that tap's own frame, whatever the choice's update still does.
  const [answered, setAnswered] = React.useState(false);

  React.useEffect(() => {
    const stored = parseChoice(readStored());
    // Start-up updates are transitions: an urgent one would make React throw away server-rendered
    // parts (a form a visitor is typing in) whose code is still loading, instead of waiting for it.
    // Transitions may land after a click, so each one only fills in a choice nobody has made yet.
    React.startTransition(() =>
      setChoice((previous) => (previous.includes("not-defined") ? stored : previous)),
    );
    let live = true;
    void loadCountry().then((found) => {
      if (!live) return;
      const next = resolveChoice(stored, found);
      if (next.join() !== stored.join()) store(next);
      React.startTransition(() => {
        setCountry(found);
        setChoice((previous) => resolveChoice(previous, found));
      });
    });
    return () => {
      live = false;
    };
  }, []);

  const save = React.useCallback((categories: CookieChoice[]) => {
    const next = decided(categories);
    const apply = () =>
      setChoice((previous) => {
        // Withdrawing: whatever tracking set goes now, not at the next visit.
        if (allows(previous, "analytics") && !allows(next, "analytics")) {
          removeTrackingCookies();
          removeTrackingStorage();
        }
        return next;
      });
    // Granting starts identification and analytics (their providers' renders and effects): a transition,
    // after the frame that answers the tap (the interaction benchmark). Withdrawing stops them at once.
    if (allows(next, "analytics")) React.startTransition(apply);
    else apply();
    store(next);
    setSettingsOpen(false);
    setAnswered(true);
  }, []);

  const value = React.useMemo<ConsentState>(
    () => ({
      choice,
      country,
      inEU: countsAsEU(country),
      analytics: allows(choice, "analytics"),
      advertising: allows(choice, "advertising"),
      bannerOpen: settingsOpen || (!answered && bannerShows(choice, country)),
      acceptAll: () => save([...EVERYTHING]),
      rejectAll: () => save([...REQUIRED_ONLY]),
      save,
      openSettings: () => setSettingsOpen(true),
      closeSettings: () => setSettingsOpen(false),
    }),
    [choice, country, settingsOpen, answered, save],
  );

  return (
    <ConsentContext.Provider value={value}>
      {children}
      {value.bannerOpen ? (
        <React.Suspense fallback={null}>
          <ConsentBanner />
        </React.Suspense>
      ) : null}
    </ConsentContext.Provider>
  );
}
