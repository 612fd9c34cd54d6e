// How every Chromium here starts, for the tests and the benches alike: Debian's build, no sandbox (root), no GPU,
// nothing in the background that would reach out or take the CPU during a measurement.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  // Belt and braces beside the request blocking of the browser tests: no name but loopback resolves, so not
  // even a DNS lookup or preconnect leaves the machine.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
  // And what names no host (an address written out) goes to a proxy that refuses it: Chromium sends loopback
  // past any proxy, everything else there, so a request for another machine fails inside the browser.
  "--proxy-server=http://127.0.0.1:9",
];

export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
