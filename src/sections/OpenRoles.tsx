/** A preview of live open roles (newest first) with a link to the full list; quiet about failures. */
import * as React from "react";
import styled from "styled-components";
import type { OpenRolesContent } from "../data/sectionSchemas";
import { Button } from "../components/Button";
import { Card } from "../components/Card";
import { Container } from "../components/Container";
import { Link } from "../components/Link";
import { SectionIntro } from "../components/SectionIntro";
import { SectionShell } from "../components/SectionShell";
import { Skeleton } from "../components/Skeleton";
import { Text } from "../components/Text";
import { fetchJobListings } from "../clients/jobBoard";
import { applyPagePath, newestFirst, type JobListings } from "../data/jobs";
import { useRemoteData } from "../hooks/useRemoteData";
import { Grid } from "../components/Stack";
import { theme } from "../styles/theme";

const JOBS_PATH = "/careers/jobs/";

export function OpenRoles({ id, eyebrow, title, lead, limit, linkLabel }: OpenRolesContent) {
  const listings = useRemoteData<JobListings>((signal) => fetchJobListings({ signal }), []);
  return (
    <SectionShell id={id} $tone="light" data-testid="open-roles">
      <Container>
        <SectionIntro eyebrow={eyebrow} title={title} lead={lead} />
        {listings.status === "loading" ? (
          <Grid
            $columns={limit >= 4 ? 4 : 3}
            role="status"
            aria-busy="true"
            aria-label="Loading open roles"
          >
            {Array.from({ length: limit }, (_, index) => (
              <Card key={index} aria-hidden="true">
                <Skeleton $width="80%" />
                <Skeleton $width="50%" />
              </Card>
            ))}
          </Grid>
        ) : null}
        {listings.status === "success" && listings.data.jobs.length > 0 ? (
          <Grid $columns={limit >= 4 ? 4 : 3} as="ul" role="list">
            {newestFirst(listings.data.jobs)
              .slice(0, limit)
              .map((job) => (
                <Card as="li" key={job.id} $interactive>
                  <RoleLink href={applyPagePath(job.id)}>{job.title}</RoleLink>
                  <Text $size="sm" $tone="muted">
                    {job.department} · {job.location}
                  </Text>
                </Card>
              ))}
          </Grid>
        ) : null}
        {listings.status === "success" && listings.data.jobs.length === 0 ? (
          <Text>No roles are open right now. New roles appear on the jobs page first.</Text>
        ) : null}
        {listings.status === "error" ? (
          // The full list has its own error state and retry; here a plain way forward is enough.
          <Text>
            The live list could not be loaded just now.{" "}
            <Link href={JOBS_PATH}>See the jobs page</Link> to try again.
          </Text>
        ) : null}
        <Footer>
          <Button href={JOBS_PATH} variant="secondary" arrow>
            {listings.status === "success" && listings.data.jobs.length > 0
              ? `${linkLabel} (${listings.data.jobs.length})`
              : linkLabel}
          </Button>
          {listings.status === "success" && listings.data.sample ? (
            <Text $size="sm" $tone="muted">
              Sample listings: no job board is connected to this demonstration site.
            </Text>
          ) : null}
        </Footer>
      </Container>
    </SectionShell>
  );
}

// A plain anchor, not the site's client-side Link: the apply page frames the hosted form, which only
// its own Content-Security-Policy allows (frame-src), so it must load as a document of its own.
const RoleLink = styled.a`
  color: ${theme.colors.ink};
  font-weight: ${theme.fontWeights.semibold};
  text-decoration: none;

  /* The whole card is the click target; the link text stays the accessible name. */
  &::after {
    content: "";
    position: absolute;
    inset: 0;
    border-radius: inherit;
  }
  &:hover {
    color: ${theme.colors.accent};
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[4]};
  margin-top: ${theme.space[6]};
`;
