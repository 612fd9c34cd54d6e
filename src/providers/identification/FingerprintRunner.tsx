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
import { identifyVisitor } from "./identify";
import type { IdentificationUpdate } from "./result";

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
    void identifyVisitor({
      getData: () => identify.current({ ignoreCache: true }),
      verdict: (requestId) => fetchBotVerdict(config, requestId),
      botd: () => detectWithBotd(),
    }).then(send);
    return () => {
      live = false;
    };
  }, [round, config]);

  return null;
}
