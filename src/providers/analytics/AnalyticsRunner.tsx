/**
 * Analytics for a visitor who allowed it: loaded on demand by AnalyticsProvider, so none of
 * this is in a page's first load. Starts the SDK once identification has a visitor id and a bot result,
 * then sends page views, experiment exposures and CTA clicks. Unmounting (consent withdrawn) stops it all.
 */
import * as React from "react";
import type { AnalyticsConfig } from "../../config/analytics";
import type { ExperimentsState } from "../experiments/ExperimentsProvider";
import type { IdentificationState } from "../identification/IdentificationProvider";
import { nextTask } from "../../runtime/nextTask";
import { whenSettled } from "../../runtime/afterLargestPaint";
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

/**
 * The SDK's code in two tasks and its start in a third: a module's code runs in the task that loaded it, and the
 * whole SDK evaluated at once made one task of 80 ms at a phone's speed (Lighthouse's trace). The click capture
 * (with most of the SDK's core) comes first, the browser client (the rest) in the next task.
 */
async function loadInTasks(): Promise<StartModule> {
  await import(/* webpackChunkName: "amplitude-clicks" */ "@amplitude/plugin-autocapture-browser");
  await nextTask();
  const module = await import(/* webpackChunkName: "start-analytics" */ "./startAnalytics");
  await nextTask();
  return module;
}

/** Runs once the page's largest paint is on screen and the browser is idle; the returned function cancels. */
function whenSettledThen(run: () => void): () => void {
  let live = true;
  void whenSettled().then(() => {
    if (live) run();
  });
  return () => {
    live = false;
  };
}

export type AnalyticsRunnerProps = {
  config: AnalyticsConfig & { apiKey: string };
  identification: IdentificationState;
  flags: ExperimentsState["flags"];
};

export default function AnalyticsRunner({ config, identification, flags }: AnalyticsRunnerProps) {
  const [running, setRunning] = React.useState(false);
  const { visitorId, bot } = identification;
  const vm = identification.vm ?? false;
  const identified = identification.status === "loaded" && Boolean(visitorId) && Boolean(bot);
  // Identification failed before analytics could start: it never will on this page, so
  // events waiting for it are dropped. After a start, a failed refresh changes nothing.
  const gaveUp = !running && identification.status === "error";
  // Read by the listeners below without re-subscribing them (which would repeat a page view). While a refresh
  // runs (or after one failed) there is no result: the last identification's stands, so a page reached
  // meanwhile still gets its page view and exposures (they were dropped, seen in CI after "Identify again").
  const latest = React.useRef({ bot, vm, flags, visitorId });
  latest.current = visitorId && bot ? { bot, vm, flags, visitorId } : { ...latest.current, flags };
  const exposuresInFlight = React.useRef(new Set<string>());

  // Mounted means consent and a key: events wait for the start; unmounted means withdrawn.
  React.useEffect(() => {
    tracking.setMode("pending");
    return () => {
      tracking.setMode("off");
      if (tracking.ampli.isLoaded) {
        import(/* webpackChunkName: "start-analytics" */ "./startAnalytics").then(
          (module: StartModule) => module.stopAnalytics(),
          () => {
            // Its chunk did not load: nothing more is sent anyway (the mode is off above).
          },
        );
      }
    };
  }, []);

  React.useEffect(() => {
    if (gaveUp) tracking.setMode("off");
  }, [gaveUp]);

  React.useEffect(() => {
    if (running || !identified || !visitorId || !bot) return;
    let live = true;
    const cancel = whenSettledThen(() => {
      void loadInTasks()
        .then((module: StartModule) =>
          module.startAnalytics(config, { visitorId, botDetected: bot.bad, vmDetected: vm }),
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
  }, [running, config, identified, visitorId, bot, vm]);

  // A page view per route change (the first one as soon as analytics runs).
  React.useEffect(() => {
    if (!running) return;
    return onRouteChange(({ pathname, search }) => {
      // The page's <title> is set by its Head just after the route update.
      window.setTimeout(() => {
        const { bot, vm } = latest.current;
        if (!bot) return;
        const properties = pageViewProperties(
          { href: window.location.href, host: window.location.host, pathname, search },
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

  // Exposures: each experiment the visitor actually sees, once per visitor. Flags that come after the start
  // subscribe again, which looks at the current page once more (nothing is reported twice).
  const flagged = flags !== null;
  React.useEffect(() => {
    if (!running || !flagged) return;
    const inFlight = exposuresInFlight.current;
    return onRouteChange(() => {
      window.setTimeout(() => {
        const { flags, visitorId } = latest.current;
        if (!visitorId) return;
        let storage: Storage;
        try {
          storage = window.localStorage;
        } catch {
          return; // No storage: "once per visitor" cannot be kept, so nothing is reported.
        }
        const pending = pendingExposures(
          experimentsOnPage(document),
          flags,
          reportedExposures(storage),
        ).filter((exposure) => !inFlight.has(exposure.flag_key));
        for (const exposure of pending) {
          inFlight.add(exposure.flag_key);
          const request = exposureRequest(exposure, visitorId, config);
          void fetch(request.url, {
            method: "POST",
            headers: { "content-type": "application/json" },
            // Not keepalive: the call is made on a page view, not on leaving, and Chromium never tells
            // DevTools that a keepalive fetch ended, so Lighthouse (and any tool on the protocol) waited its
            // whole 45 s for the network to go quiet. An exposure lost to an unload is sent again later.
            body: JSON.stringify(request.body),
          })
            .then((response) => {
              if (response.ok) markReported(storage, exposure.flag_key);
            })
            .catch(() => {
              // Not reported: the next page that shows the experiment tries again.
            })
            .finally(() => inFlight.delete(exposure.flag_key));
        }
      }, 0);
    });
  }, [running, flagged, config]);

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

  return null;
}
