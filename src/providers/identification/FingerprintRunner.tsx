/**
 * The Fingerprint Pro React SDK at work: identifies the visitor ignoring the cache, then asks for the bot
 * result. Loaded on demand (React.lazy) only after consent, so the SDK is never in a page's first load.
 */
import * as React from "react";
import {
  CacheLocation,
  FpjsProvider,
  defaultEndpoint,
  defaultScriptUrlPattern,
  useVisitorData,
  type CustomAgent,
} from "@fingerprintjs/fingerprintjs-pro-react";
import type { IdentificationConfig } from "../../config/identification";
import { detectWithBotd, fetchBotVerdict } from "./botResult";
import { errorMessage, readLocation, type BotResult } from "./result";
import type { IdentificationUpdate } from "./IdentificationProvider";

export type RunnerProps = {
  config: IdentificationConfig;
  /** Changes when the visitor asks for a fresh identification. */
  round: number;
  onUpdate(update: IdentificationUpdate): void;
};

/** Test builds: an agent that asks a loopback fake instead of downloading Fingerprint's script. */
function loopbackAgent(url: string): CustomAgent {
  return {
    load: async () =>
      ({
        get: async () => {
          const response = await fetch(url, { headers: { accept: "application/json" } });
          const body = (await response.json()) as Record<string, unknown> & { error?: string };
          if (typeof body.error === "string") throw new Error(body.error);
          return body;
        },
      }) as unknown as Awaited<ReturnType<CustomAgent["load"]>>,
  };
}

const absolute = (path: string) => new URL(path, window.location.origin).toString();

export default function FingerprintRunner({ config, round, onUpdate }: RunnerProps) {
  const loadOptions = React.useMemo(
    () => ({
      apiKey: config.apiKey ?? "",
      region: config.region,
      // The site's own host first (proxy integration), Fingerprint's defaults as the fallback.
      endpoint: [absolute(config.endpoint), defaultEndpoint],
      scriptUrlPattern: [absolute(config.scriptUrlPattern), defaultScriptUrlPattern],
    }),
    [config],
  );
  const customAgent = React.useMemo(
    () => (config.testAgentUrl ? loopbackAgent(config.testAgentUrl) : undefined),
    [config],
  );
  return (
    <FpjsProvider
      loadOptions={loadOptions}
      cacheLocation={CacheLocation.SessionStorage}
      cacheTimeInSeconds={config.cacheSeconds}
      {...(customAgent ? { customAgent } : {})}
    >
      <Identify config={config} round={round} onUpdate={onUpdate} />
    </FpjsProvider>
  );
}

function Identify({ config, round, onUpdate }: RunnerProps) {
  const { getData } = useVisitorData(
    { extendedResult: true, timeout: config.timeoutMs },
    { immediate: false },
  );
  const report = React.useRef(onUpdate);
  report.current = onUpdate;
  // The hook hands out a new function on some renders: read the latest, run only per round.
  const identify = React.useRef(getData);
  identify.current = getData;

  React.useEffect(() => {
    let live = true;
    const send = (update: IdentificationUpdate) => {
      if (live) report.current(update);
    };
    send({ status: "loading" });
    void (async () => {
      let data: Awaited<ReturnType<typeof identify.current>>;
      try {
        data = await identify.current({ ignoreCache: true });
      } catch (thrown) {
        send({ status: "error", error: errorMessage(thrown) });
        return;
      }
      // No request id: nothing to verify; the error flag is set without a message (SPEC §8).
      if (!data.requestId) {
        send({ status: "error" });
        return;
      }
      const ipLocation = readLocation((data as { ipLocation?: unknown }).ipLocation);
      const identity = {
        visitorId: data.visitorId,
        requestId: data.requestId,
        confidence: data.confidence?.score,
        ...(ipLocation ? { ipLocation } : {}),
      };
      let botError: string | undefined;
      let vm: boolean | undefined;
      let bot: BotResult | undefined;
      try {
        const verdict = await fetchBotVerdict(config, data.requestId);
        vm = verdict.vm;
        if (verdict.ok) bot = verdict.bot;
        else botError = verdict.message;
      } catch (thrown) {
        botError = errorMessage(thrown);
      }
      if (!bot) {
        try {
          bot = await detectWithBotd();
        } catch {
          // Neither source answered: the demo shows the Pro error, analytics waits.
        }
      }
      send({
        status: bot ? "loaded" : "error",
        ...identity,
        ...(bot ? { bot } : {}),
        ...(vm !== undefined ? { vm } : {}),
        ...(botError ? { botError } : {}),
        ...(!bot && botError ? { error: botError } : {}),
      });
    })();
    return () => {
      live = false;
    };
  }, [round, config]);

  return null;
}
