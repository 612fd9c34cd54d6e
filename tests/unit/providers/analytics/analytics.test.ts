// The analytics building blocks: the path rule, page-view properties, the tracking plan and its
// warnings, the queue before start, exposures once per visitor, the SDK configuration and config.
import { describe, expect, it, vi } from "vitest";
import { readAnalyticsConfig } from "../../../../src/config/analytics";
import {
  ALREADY_INITIALIZED,
  Ampli,
  LOAD_REQUIRES_KEY,
  NOT_INITIALIZED,
  type AnalyticsClient,
} from "../../../../src/providers/analytics/ampli";
import {
  EXPOSURES_STORAGE_KEY,
  experimentsOnPage,
  exposureRequest,
  markReported,
  pendingExposures,
  reportedExposures,
} from "../../../../src/providers/analytics/exposures";
import {
  TRACKABLE_PATH,
  isTrackablePath,
  pageViewProperties,
  utmParameters,
} from "../../../../src/providers/analytics/pageView";
import { PENDING_QUEUE_LIMIT, Tracking } from "../../../../src/providers/analytics/tracking";

function recorder() {
  const calls: { type: string; args: unknown[] }[] = [];
  const client: AnalyticsClient = {
    init: (...args) => {
      calls.push({ type: "init", args });
      return { promise: Promise.resolve() };
    },
    track: (...args) => calls.push({ type: "track", args }),
    setGroup: (...args) => calls.push({ type: "setGroup", args }),
    identify: (...args) => calls.push({ type: "identify", args }),
    setOptOut: (...args) => void calls.push({ type: "setOptOut", args }),
    flush: () => ({ promise: Promise.resolve() }),
    reset: () => void calls.push({ type: "reset", args: [] }),
  };
  return { client, calls };
}

const logger = () => ({ error: vi.fn(), warn: vi.fn() });

describe("the page-view path rule", () => {
  it.each([
    "/",
    "/pricing/",
    "/blog/credential-stuffing-defence/",
    "/blog/2/",
    "/Case-Studies/A1/",
  ])("reports %s", (path) => expect(isTrackablePath(path)).toBe(true));
  it.each([
    "/blog/caf%C3%A9/",
    "/rss.xml",
    "/blog/under_score/",
    "/a b/",
    "/blog/ünïcode/",
    "/pricing/?",
    "",
  ])("does not report %s", (path) => expect(isTrackablePath(path)).toBe(false));
  it("is one exported expression", () => {
    expect(TRACKABLE_PATH.test("/products/bot-detection/")).toBe(true);
    expect(TRACKABLE_PATH.test("/products/bot.detection/")).toBe(false);
  });
});

describe("page views of campaign landings (a query string)", () => {
  const flags = { botDetected: false, vmDetected: false, signupOptionsShown: false };
  const at = (pathname: string, search: string) =>
    pageViewProperties(
      {
        href: `https://example.com${pathname}${search}#section`,
        host: "example.com",
        pathname,
        search,
      },
      "Pricing",
      flags,
    );

  it("reports the path and keeps only the utm_* keys of the query", () => {
    const properties = at(
      "/pricing/",
      "?utm_source=x&email=a%40example.org&utm_campaign=y&q=my+name&utm_medium=cpc&token=abc",
    );
    expect(properties).toMatchObject({
      "page path": "/pricing/",
      "page url": "https://example.com/pricing/",
      "page location": "https://example.com/pricing/?utm_source=x&utm_campaign=y&utm_medium=cpc",
      utm_source: "x",
      utm_campaign: "y",
      utm_medium: "cpc",
    });
    const text = JSON.stringify(properties);
    for (const dropped of [
      "email",
      "example.org",
      "my name",
      "my+name",
      "token",
      "abc",
      "#section",
    ])
      expect(text, dropped).not.toContain(dropped);
  });

  it("drops every key of a query without campaign keys, and keys that only look like them", () => {
    const properties = at("/pricing/", "?gclid=123&UTM_SOURCE=x&utm_=y&xutm_source=z&utm-source=w");
    expect(properties?.["page location"]).toBe("https://example.com/pricing/");
    expect(Object.keys(properties ?? {}).filter((key) => /utm/i.test(key))).toEqual([]);
  });

  it("keeps the first value of a repeated key, cut to 255 characters", () => {
    expect(utmParameters("?utm_source=a&utm_source=b")).toEqual({ utm_source: "a" });
    expect(utmParameters(`?utm_content=${"v".repeat(300)}`).utm_content).toHaveLength(255);
    expect(utmParameters("")).toEqual({});
  });

  it("still sends nothing for a path with % or other characters, whatever the query", () => {
    expect(at("/blog/caf%C3%A9/", "?utm_source=x")).toBeNull();
    expect(at("/rss.xml", "?utm_source=x")).toBeNull();
    expect(at("/a_b/", "?utm_source=x")).toBeNull();
  });
});

describe("page-view properties", () => {
  const flags = { botDetected: true, vmDetected: false, signupOptionsShown: false };
  it("carries domain, location, path, title, url, flags and the page category", () => {
    const properties = pageViewProperties(
      {
        href: "https://example.com/pricing/",
        host: "example.com",
        pathname: "/pricing/",
        search: "",
      },
      "Pricing",
      flags,
    );
    expect(properties).toEqual({
      "page domain": "example.com",
      "page location": "https://example.com/pricing/",
      "page path": "/pricing/",
      "page title": "Pricing",
      "page url": "https://example.com/pricing/",
      "page category": "Pricing",
      botDetected: true,
      vmDetected: false,
      signupOptionsShown: false,
    });
  });
  it("names blog posts Blog and the home page Homepage", () => {
    const at = (pathname: string) =>
      pageViewProperties(
        { href: `https://example.com${pathname}`, host: "example.com", pathname, search: "" },
        "t",
        flags,
      )?.["page category"];
    expect(at("/")).toBe("Homepage");
    expect(at("/blog/some-post/")).toBe("Blog");
    expect(at("/case-studies/northwind-pay/")).toBe("Case Studies");
  });
});

describe("the tracking plan (Ampli)", () => {
  it("warns and does nothing when used before load", () => {
    const log = logger();
    const ampli = new Ampli(log);
    ampli.webPageViewed({} as never);
    expect(log.error).toHaveBeenCalledWith(NOT_INITIALIZED);
  });

  it("warns when loaded twice and keeps the first instance", async () => {
    const log = logger();
    const ampli = new Ampli(log);
    const first = recorder();
    await ampli.load({ client: { apiKey: "abcdef123456", instance: first.client } }).promise;
    ampli.load({ client: { apiKey: "abcdef123456", instance: recorder().client } });
    expect(log.warn).toHaveBeenCalledWith(ALREADY_INITIALIZED);
    expect(ampli.client).toBe(first.client);
  });

  it("refuses to load without a key", () => {
    const log = logger();
    new Ampli(log).load({ client: {} });
    expect(log.error).toHaveBeenCalledWith(LOAD_REQUIRES_KEY);
  });

  it("sends each event with its exact name and properties", async () => {
    const { client, calls } = recorder();
    const ampli = new Ampli(logger());
    await ampli.load({
      client: { apiKey: "abcdef123456", instance: client, configuration: { a: 1 } },
    }).promise;
    expect(calls[0]).toEqual({ type: "init", args: ["abcdef123456", undefined, { a: 1 }] });
    ampli.salesContacted({
      formId: "ContactSales",
      region: "EMEA",
      "page path": "/contact-sales/",
    });
    ampli.getDemoContacted({ formId: "GetDemo", "page path": "/demo/" });
    ampli.roiCalculatorUsed({ field: "fraudLoss" });
    ampli.roiCalculatorFormSubmitted({
      estimatedCost: 1,
      estimatedSaving: 2,
      transactionsPerMonth: 3,
    });
    ampli.webFormSubmitted({ formId: "ContactPress", "page path": "/resources/press/" });
    ampli.signupOptionsShown({ "page path": "/start/" });
    ampli.signupStarted({ method: "github", "page path": "/start/" });
    ampli.webCtaClicked({
      label: "Contact sales",
      href: "/contact-sales/",
      placement: "header",
      "page path": "/",
    });
    ampli.webSalesCallScheduled({ formId: "ContactSales", "page path": "/contact-sales/" });
    expect(calls.filter((c) => c.type === "track").map((c) => c.args[0])).toEqual([
      "Sales Contacted",
      "Get Demo Contacted",
      "ROI Calculator Used",
      "ROI Calculator Form Submitted",
      "Web Form Submitted",
      "Signup Options Shown",
      "Signup Started",
      "Web CTA Clicked",
      "Web Sales Call Scheduled",
    ]);
    expect(calls[1]?.args[1]).toEqual({
      formId: "ContactSales",
      region: "EMEA",
      "page path": "/contact-sales/",
    });
  });

  it("does nothing at all when disabled", async () => {
    const log = logger();
    const { client, calls } = recorder();
    const ampli = new Ampli(log);
    await ampli.load({ disabled: true, client: { apiKey: "abcdef123456", instance: client } })
      .promise;
    ampli.webFormSubmitted({ formId: "x", "page path": "/" });
    expect(calls.filter((c) => c.type === "track")).toEqual([]);
    expect(log.error).not.toHaveBeenCalled();
  });
});

describe("the tracking facade", () => {
  async function loaded() {
    const { client, calls } = recorder();
    const tracking = new Tracking(new Ampli(logger()));
    await tracking.ampli.load({ client: { apiKey: "abcdef123456", instance: client } }).promise;
    return { tracking, calls };
  }
  const tracked = (calls: { type: string; args: unknown[] }[]) =>
    calls.filter((c) => c.type === "track").map((c) => c.args[0]);

  it("drops events while off (no consent), without console noise", async () => {
    const { tracking, calls } = await loaded();
    tracking.webFormSubmitted({ formId: "x", "page path": "/" });
    tracking.setMode("on");
    expect(tracked(calls)).toEqual([]);
  });

  it("holds events while pending and sends them, in order, once on", async () => {
    const { tracking, calls } = await loaded();
    tracking.setMode("pending");
    tracking.roiCalculatorUsed({ field: "fraudLoss" });
    tracking.webFormSubmitted({ formId: "x", "page path": "/" });
    expect(tracked(calls)).toEqual([]);
    tracking.setMode("on");
    expect(tracked(calls)).toEqual(["ROI Calculator Used", "Web Form Submitted"]);
  });

  it("keeps at most 512 waiting events and forgets them when consent goes", async () => {
    const { tracking, calls } = await loaded();
    tracking.setMode("pending");
    for (let i = 0; i < PENDING_QUEUE_LIMIT + 10; i += 1)
      tracking.roiCalculatorUsed({ field: `f${i}` });
    tracking.setMode("on");
    expect(tracked(calls)).toHaveLength(PENDING_QUEUE_LIMIT);

    tracking.setMode("pending");
    tracking.roiCalculatorUsed({ field: "late" });
    tracking.setMode("off");
    tracking.setMode("on");
    expect(tracked(calls)).toHaveLength(PENDING_QUEUE_LIMIT);
  });

  it("remembers that signup options were shown, for page views", () => {
    const tracking = new Tracking(new Ampli(logger()));
    expect(tracking.hasShownSignupOptions).toBe(false);
    tracking.signupOptionsShown({ "page path": "/start/" });
    expect(tracking.hasShownSignupOptions).toBe(true);
  });
});

describe("exposures", () => {
  function memoryStorage(initial: Record<string, string> = {}) {
    const data = new Map(Object.entries(initial));
    return {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
    };
  }

  it("finds the experiments a page shows, ignoring hidden variants and unknown keys", () => {
    const shown = new Set(["home:treatment", "made-up:control", "contact-sales:control"]);
    const root = {
      querySelectorAll: () =>
        [
          "home:control",
          "home:treatment",
          "contact-sales:control",
          "contact-sales-single-pane:control",
          "made-up:control",
        ].map((value) => ({ getAttribute: () => value, value })),
    } as unknown as ParentNode;
    const isShown = (element: Element) =>
      shown.has((element as unknown as { value: string }).value);
    expect(experimentsOnPage(root, isShown)).toEqual(["home", "contact-sales"]);
  });

  it("reports each experiment once per visitor", () => {
    const storage = memoryStorage();
    const flags = { home: "treatment", pricing: "control" } as const;
    expect(pendingExposures(["home", "pricing"], flags, reportedExposures(storage))).toEqual([
      { flag_key: "home", variant: "treatment" },
      { flag_key: "pricing", variant: "control" },
    ]);
    markReported(storage, "home");
    expect(pendingExposures(["home", "pricing"], flags, reportedExposures(storage))).toEqual([
      { flag_key: "pricing", variant: "control" },
    ]);
    expect(JSON.parse(storage.getItem(EXPOSURES_STORAGE_KEY) ?? "")).toEqual(["home"]);
  });

  it("sends nothing before flags exist or for experiments without a variant", () => {
    expect(pendingExposures(["home"], null, new Set())).toEqual([]);
    expect(pendingExposures(["demo"], { home: "control" }, new Set())).toEqual([]);
  });

  it("survives a damaged storage value", () => {
    expect(reportedExposures(memoryStorage({ [EXPOSURES_STORAGE_KEY]: "{oops" })).size).toBe(0);
    expect([
      ...reportedExposures(memoryStorage({ [EXPOSURES_STORAGE_KEY]: '["home",7,"x"]' })),
    ]).toEqual(["home"]);
  });

  it("goes through the proxy, or straight to the HTTP API with the event shape", () => {
    const exposure = { flag_key: "pricing", variant: "treatment" } as const;
    const base = { serverUrl: "https://api2.amplitude.com/2/httpapi", apiKey: "k123456789" };
    expect(exposureRequest(exposure, "visitor123", { ...base, exposureProxy: true })).toEqual({
      url: "/amp-exp/",
      body: { device_id: "visitor123", flag_key: "pricing", variant: "treatment" },
    });
    expect(exposureRequest(exposure, "visitor123", { ...base, exposureProxy: false })).toEqual({
      url: base.serverUrl,
      body: {
        api_key: "k123456789",
        events: [
          {
            event_type: "$exposure",
            user_id: "visitor123",
            device_id: "visitor123",
            event_properties: { flag_key: "pricing", variant: "treatment" },
          },
        ],
      },
    });
  });
});

describe("analytics configuration", () => {
  it("is off without a key, proxied exposures and the US endpoint by default", () => {
    expect(readAnalyticsConfig({}, "Fingerprint")).toEqual({
      apiKey: null,
      serverUrl: "https://api2.amplitude.com/2/httpapi",
      exposureProxy: true,
      deviceGroupType: "Fingerprint device",
    });
  });
  it("reads the key, the ingestion URL and the proxy switch", () => {
    const config = readAnalyticsConfig(
      {
        GATSBY_AMPLITUDE_API_KEY: "0123456789abcdef0123456789abcdef",
        GATSBY_AMPLITUDE_SERVER_URL: "http://127.0.0.1:9101/2/httpapi",
        GATSBY_AMPLITUDE_EXPOSURE_PROXY: "off",
      },
      "Acme",
    );
    expect(config).toMatchObject({
      apiKey: "0123456789abcdef0123456789abcdef",
      serverUrl: "http://127.0.0.1:9101/2/httpapi",
      exposureProxy: false,
      deviceGroupType: "Acme device",
    });
  });
  it("refuses a malformed key or URL at build time", () => {
    expect(() => readAnalyticsConfig({ GATSBY_AMPLITUDE_API_KEY: "a b" }, "A")).toThrow(
      /GATSBY_AMPLITUDE_API_KEY/,
    );
    expect(() =>
      readAnalyticsConfig({ GATSBY_AMPLITUDE_SERVER_URL: "javascript:alert(1)" }, "A"),
    ).toThrow(/GATSBY_AMPLITUDE_SERVER_URL/);
  });
});
