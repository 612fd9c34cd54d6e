// The switches every Chromium started here gets, by the tests and the benches alike: no sandbox (root),
// no GPU, nothing in the background that would reach out or take the CPU during a measurement.
export const CHROMIUM_BASE_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
