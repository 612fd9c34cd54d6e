/**
 * Starts analytics only when the spec allows (SPEC §4): analytics consent, a configured key, and an
 * identification that returned a visitor id and a bot result. Then: page views on every route change,
 * experiment exposures once per visitor, CTA clicks. Withdrawing consent stops all of it at once.
 */
import * as React from "react";
import { analyticsConfig, type AnalyticsConfig } from "../../config/analytics";
import { useConsent } from "../consent/ConsentProvider";
import { useExperiments } from "../experiments/ExperimentsProvider";
import { useIdentification } from "../identification/IdentificationProvider";
import { onRouteChange } from "../visit-history/routeEvents";
import {
  experimentsOnPage,
  exposureRequest,
  markReported,
  pendingExposures,
  reportedExposures,
} from "./exposures";
import { pageViewProperties } from "./pageView";
import { tracking } from "./tracking";

type StartModule = typeof import("./startAnalytics");

/** After the page is interactive: the browser's idle time, or a short delay where that is missing. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 200);
  return () => window.clearTimeout(handle);
}

export function AnalyticsProvider({
  children,
  config = analyticsConfig,
}: {
  children: React.ReactNode;
  config?: AnalyticsConfig;
}) {
  const { analytics } = useConsent();
  const identification = useIdentification();
  const { flags } = useExperiments();
  const [running, setRunning] = React.useState(false);
  const visitorId = identification.visitorId;
  const bot = identification.bot;
  const vm = identification.vm ?? false;
  const identified = identification.status === "loaded" && Boolean(visitorId) && Boolean(bot);
  const failed = identification.status === "off" || identification.status === "error";
  // Read by the listeners below without re-subscribing them (which would repeat a page view).
  const latest = React.useRef({ bot, vm, flags, visitorId });
  latest.current = { bot, vm, flags, visitorId };
  const exposuresInFlight = React.useRef(new Set<string>());

  // Start, or stop at once.
  React.useEffect(() => {
    if (!analytics || !config.apiKey || failed) {
      tracking.setMode("off");
      if (tracking.ampli.isLoaded) {
        void import("./startAnalytics").then((module: StartModule) => module.stopAnalytics());
      }
      setRunning(false);
      return;
    }
    if (!identified || !visitorId || !bot) {
      tracking.setMode("pending");
      return;
    }
    let live = true;
    const cancel = whenIdle(() => {
      void import("./startAnalytics")
        .then((module: StartModule) =>
          module.startAnalytics(config, {
            visitorId,
            botDetected: bot.bad,
            vmDetected: vm,
          }),
        )
        .then(() => {
          if (!live) return;
          tracking.setMode("on");
          setRunning(true);
        })
        .catch(() => {
          // The SDK chunk could not load (offline, blocked): the site works without analytics.
          if (live) tracking.setMode("off");
        });
    });
    return () => {
      live = false;
      cancel();
    };
  }, [analytics, config, failed, identified, visitorId, bot, vm]);

  // A page view per route change (the first one as soon as analytics runs).
  React.useEffect(() => {
    if (!running) return;
    return onRouteChange(({ pathname, search }) => {
      // The page's <title> is set by its Head just after the route update.
      window.setTimeout(() => {
        const { bot, vm } = latest.current;
        if (!bot) return;
        const properties = pageViewProperties(
          {
            href: window.location.href,
            host: window.location.host,
            pathname,
            search,
          },
          document.title,
          {
            botDetected: bot.bad,
            vmDetected: vm,
            signupOptionsShown: tracking.hasShownSignupOptions,
          },
        );
        if (properties) tracking.webPageViewed(properties);
      }, 0);
    });
  }, [running]);

  // Exposures: each experiment the visitor actually sees, once per visitor.
  React.useEffect(() => {
    if (!running || !config.apiKey) return;
    const apiKey = config.apiKey;
    const inFlight = exposuresInFlight.current;
    return onRouteChange(() => {
      window.setTimeout(() => {
        const { flags, visitorId } = latest.current;
        if (!visitorId) return;
        const pending = pendingExposures(
          experimentsOnPage(document),
          flags,
          reportedExposures(window.localStorage),
        ).filter((exposure) => !inFlight.has(exposure.flag_key));
        for (const exposure of pending) {
          inFlight.add(exposure.flag_key);
          const request = exposureRequest(exposure, visitorId, { ...config, apiKey });
          void fetch(request.url, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(request.body),
            keepalive: true,
          })
            .then((response) => {
              if (response.ok) markReported(window.localStorage, exposure.flag_key);
            })
            .catch(() => {
              // Not reported: the next page that shows the experiment tries again.
            })
            .finally(() => inFlight.delete(exposure.flag_key));
        }
      }, 0);
    });
  }, [running, config]);

  // CTA clicks: any link or button the page marks with data-cta.
  React.useEffect(() => {
    if (!running) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest("[data-cta]") : null;
      if (!target) return;
      tracking.webCtaClicked({
        label: (target.textContent ?? "").trim().slice(0, 255),
        href: target.getAttribute("href") ?? "",
        placement: target.getAttribute("data-cta") ?? "",
        "page path": window.location.pathname,
      });
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [running]);

  return <>{children}</>;
}
