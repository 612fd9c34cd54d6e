/** The step after a sales or demo request: which team answers and when, and booking a call right away. */
import * as React from "react";
import styled from "styled-components";
import { Button } from "../components/Button";
import { site } from "../config/site";
import { tracking } from "../providers/analytics/tracking";
import { regionFor, regionLabel } from "./regions";
import type { FormDefinition } from "./types";
import { theme } from "../styles/theme";

export type SalesSuccessStepProps = {
  definition: Pick<FormDefinition, "id" | "success">;
  /** The visitor's country when known: the answer names the region's team. */
  country: string | null | undefined;
  tone?: "light" | "dark";
  /** The scheduling page; without one no booking link is shown. */
  salesCallUrl?: string | null;
};

export function SalesSuccessStep({
  definition,
  country,
  tone = "light",
  salesCallUrl = site.external.salesCall,
}: SalesSuccessStepProps) {
  return (
    <>
      <Title>{definition.success.title}</Title>
      <p>
        {country
          ? `Our ${regionLabel(regionFor(country))} team will email you within one business day to find a time that suits you.`
          : definition.success.body}
      </p>
      {salesCallUrl ? (
        <Booking>
          <p>Rather choose a time yourself?</p>
          <Button
            href={salesCallUrl}
            target="_blank"
            rel="noopener"
            variant={tone === "dark" ? "inverse" : "secondary"}
            arrow
            data-sales-call
            onClick={() =>
              tracking.webSalesCallScheduled({
                formId: definition.id,
                "page path": window.location.pathname,
              })
            }
          >
            Pick a time for a call
            <span className="visually-hidden"> (opens in a new tab)</span>
          </Button>
        </Booking>
      ) : null}
    </>
  );
}

const Title = styled.p`
  font-weight: ${theme.fontWeights.bold};
`;

const Booking = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[3]};
  margin-top: ${theme.space[2]};
`;
