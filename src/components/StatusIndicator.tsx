/** A small live indicator of the product's service status, linking to the status page; hidden when no API is configured. */
import * as React from "react";
import { statusApiUrl } from "../clients/serviceStatus";
import { Island, islandPart } from "./Island";

// Server-rendered as "Checking status…"; its code (and the status request) comes once the indicator is within
// a screen of the viewport (the footer's: when the visitor scrolls down), not while the page loads: an island
// (see Island), which reads no context of the page's.
const liveStatus = islandPart(async () => {
  const module = await import(/* webpackChunkName: "live-status" */ "./LiveStatus");
  return { default: module.default };
});

export function StatusIndicator({ tone = "light" }: { tone?: "light" | "dark" }) {
  const apiUrl = statusApiUrl();
  const props = React.useMemo(() => (apiUrl ? { apiUrl, tone } : null), [apiUrl, tone]);
  if (!props) return null;
  return <Island name={`live-status-${tone}`} part={liveStatus} props={props} fallback={null} />;
}
