/** A small live indicator of the product's service status, linking to the status page; hidden when no API is configured. */
import * as React from "react";
import { statusApiUrl } from "../clients/serviceStatus";
import { lazyWhenIdle } from "../hooks/lazyWhenIdle";

// Server-rendered as "Checking status…"; its code (and the status request) comes once the page is idle.
const LiveStatus = lazyWhenIdle(() => import(/* webpackChunkName: "live-status" */ "./LiveStatus"));

export function StatusIndicator({ tone = "light" }: { tone?: "light" | "dark" }) {
  const apiUrl = statusApiUrl();
  if (!apiUrl) return null;
  return (
    <React.Suspense fallback={null}>
      <LiveStatus apiUrl={apiUrl} tone={tone} />
    </React.Suspense>
  );
}
