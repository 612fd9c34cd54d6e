/** The service-status pill itself: asks GET {api}/service-status and shows the answer (see StatusIndicator). */
import * as React from "react";
import styled, { css } from "styled-components";
import { Link } from "./Link";
import { site } from "../config/site";
import { fetchServiceStatus, type ServiceStatus } from "../clients/serviceStatus";
import { useRemoteData } from "../hooks/useRemoteData";
import { theme } from "../styles/theme";

const LABELS = {
  loading: "Checking status…",
  operational: "All systems operational",
  degraded: "Degraded performance",
  outage: "Service outage",
  error: "Status unavailable",
} as const;

type Shown = keyof typeof LABELS;

export default function LiveStatus({ apiUrl, tone }: { apiUrl: string; tone: "light" | "dark" }) {
  const result = useRemoteData<ServiceStatus>(
    (signal) => fetchServiceStatus(apiUrl, { signal }),
    [apiUrl],
  );
  const shown: Shown =
    result.status === "loading"
      ? "loading"
      : result.status === "error" || result.data.error
        ? "error"
        : result.data.state;
  return (
    <Wrapper
      href={site.external.status}
      $tone={tone}
      data-status={shown}
      aria-busy={shown === "loading"}
    >
      <Dot $state={shown} aria-hidden="true" />
      <span role="status">{LABELS[shown]}</span>
      <span className="visually-hidden"> (opens the status page)</span>
    </Wrapper>
  );
}

const Wrapper = styled(Link)<{ $tone: "light" | "dark" }>`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[2]};
  width: fit-content;
  padding: ${theme.space[1]} ${theme.space[3]};
  border-radius: ${theme.radii.pill};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  text-decoration: none;
  ${({ $tone }) =>
    $tone === "dark"
      ? css`
          border: ${theme.borders.hairline} solid ${theme.colors.nightLine};
          color: ${theme.colors.onNight};
          &:hover {
            color: ${theme.colors.onNight};
            border-color: ${theme.colors.onNightMuted};
          }
        `
      : css`
          border: ${theme.borders.hairline} solid ${theme.colors.line};
          background: ${theme.colors.surface};
          color: ${theme.colors.ink};
          &:hover {
            color: ${theme.colors.ink};
            border-color: ${theme.colors.lineStrong};
          }
        `}
`;

const Dot = styled.span<{ $state: Shown }>`
  flex: none;
  width: ${theme.space[2]};
  height: ${theme.space[2]};
  border-radius: ${theme.radii.pill};
  background: ${({ $state }) =>
    ({
      loading: theme.colors.lineStrong,
      operational: theme.colors.success,
      degraded: theme.colors.warning,
      outage: theme.colors.danger,
      error: theme.colors.muted,
    })[$state]};
  box-shadow: 0 0 0 ${theme.space[1]}
    ${({ $state }) =>
      ({
        loading: "transparent",
        operational: theme.colors.successSoft,
        degraded: theme.colors.warningSoft,
        outage: theme.colors.dangerSoft,
        error: "transparent",
      })[$state]};
`;
