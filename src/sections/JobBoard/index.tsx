/** Every open role, grouped by department, with department and location filters reflected in the URL. */
import * as React from "react";
import type { JobBoardContent } from "../../data/sectionSchemas";
import { Container } from "../../components/Container";
import { SectionIntro } from "../../components/SectionIntro";
import { SectionShell } from "../../components/SectionShell";
import { fetchJobListings } from "../../clients/jobBoard";
import type { JobListings } from "../../data/jobs";
import { useRemoteData } from "../../hooks/useRemoteData";
import { Listing } from "./Listing";
import { ListSkeleton, LoadError } from "./states";
import { ListRegion, Notice } from "./styles";
import { useHistoryNotice, useUrlFilters } from "./useJobBoard";

export function JobBoard({ id, eyebrow, title, lead }: JobBoardContent) {
  const listings = useRemoteData<JobListings>((signal) => fetchJobListings({ signal }), []);
  const [filters, setFilters] = useUrlFilters();
  const notice = useHistoryNotice();

  return (
    <SectionShell id={id} $tone="light">
      <Container>
        <SectionIntro eyebrow={eyebrow} title={title} lead={lead} level={1} size="xl" />
        {notice ? (
          <Notice role="alert" data-testid="jobs-notice">
            {notice}
          </Notice>
        ) : null}
        <ListRegion>
          {listings.status === "loading" ? <ListSkeleton /> : null}
          {listings.status === "error" ? <LoadError onRetry={listings.retry} /> : null}
          {listings.status === "success" ? (
            <Listing listings={listings.data} filters={filters} onFilters={setFilters} />
          ) : null}
        </ListRegion>
      </Container>
    </SectionShell>
  );
}
