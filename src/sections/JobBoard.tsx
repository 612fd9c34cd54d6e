/** Every open role, grouped by department, with department and location filters reflected in the URL. */
import * as React from "react";
import styled from "styled-components";
import type { JobBoardContent } from "../data/sectionSchemas";
import { Badge } from "../components/Badge";
import { Button } from "../components/Button";
import { Container } from "../components/Container";
import { Heading } from "../components/Heading";
import { Link } from "../components/Link";
import { SectionIntro } from "../components/SectionIntro";
import { SectionShell } from "../components/SectionShell";
import { Skeleton } from "../components/Skeleton";
import { Text } from "../components/Text";
import { site, slug } from "../config/site";
import { fetchJobListings } from "../data/jobBoard";
import {
  applyFilters,
  applyPagePath,
  filterOptions,
  filtersFromSearch,
  groupByDepartment,
  searchWithFilters,
  type FilterOption,
  type JobFilters,
  type JobListings,
} from "../data/jobs";
import { useRemoteData } from "../hooks/useRemoteData";
import { media } from "../styles/media";

const NO_FILTERS: JobFilters = { department: null, location: null };

/** A message another page left in the history entry, e.g. the apply page after a bad link. */
function noticeFromHistory(): string | null {
  const state: unknown = window.history.state;
  if (typeof state !== "object" || state === null || !("notice" in state)) return null;
  const { notice, ...rest } = state;
  // Shown once: a reload of the list should not repeat a message about another page.
  window.history.replaceState(rest, "");
  return typeof notice === "string" ? notice : null;
}

/** Filters live in the query string; they are read after mount so the server render stays the same. */
function useUrlFilters(): [JobFilters, (next: JobFilters) => void] {
  const [filters, setFilters] = React.useState<JobFilters>(NO_FILTERS);
  React.useEffect(() => {
    const read = () => setFilters(filtersFromSearch(window.location.search));
    read();
    window.addEventListener("popstate", read);
    return () => window.removeEventListener("popstate", read);
  }, []);
  const update = React.useCallback((next: JobFilters) => {
    setFilters(next);
    const { pathname, search, hash } = window.location;
    // Replace, not push: each change of a select is not a page the Back button should step through.
    window.history.replaceState(
      window.history.state,
      "",
      `${pathname}${searchWithFilters(search, next)}${hash}`,
    );
  }, []);
  return [filters, update];
}

export function JobBoard({ id, eyebrow, title, lead }: JobBoardContent) {
  const listings = useRemoteData<JobListings>((signal) => fetchJobListings({ signal }), []);
  const [filters, setFilters] = useUrlFilters();
  const [notice, setNotice] = React.useState<string | null>(null);
  React.useEffect(() => setNotice(noticeFromHistory()), []);

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

function Listing({
  listings,
  filters,
  onFilters,
}: {
  listings: JobListings;
  filters: JobFilters;
  onFilters: (next: JobFilters) => void;
}) {
  const { jobs, sample } = listings;
  if (jobs.length === 0) {
    return (
      <EmptyState>
        <Heading level={2} size="md">
          No open roles right now
        </Heading>
        <Text>
          We are not hiring for any role at the moment. New roles are posted here first; check back
          soon, or read about <Link href="/careers/">how we work</Link> in the meantime.
        </Text>
      </EmptyState>
    );
  }
  const departments = filterOptions(jobs, "department");
  const locations = filterOptions(jobs, "location");
  const shown = applyFilters(jobs, filters);
  const groups = groupByDepartment(shown);
  const filtered = filters.department !== null || filters.location !== null;

  return (
    <>
      {sample ? (
        <SampleNote data-testid="sample-note">
          <strong>Sample listings.</strong> No job board is connected to this demonstration site, so
          these roles are examples, not real openings.
        </SampleNote>
      ) : null}
      <Filters aria-label="Filter open roles" onSubmit={(event) => event.preventDefault()}>
        <FilterSelect
          id="job-filter-department"
          label="Department"
          allLabel="All departments"
          options={departments}
          value={filters.department}
          onChange={(department) => onFilters({ ...filters, department })}
        />
        <FilterSelect
          id="job-filter-location"
          label="Location"
          allLabel="All locations"
          options={locations}
          value={filters.location}
          onChange={(location) => onFilters({ ...filters, location })}
        />
        <Count role="status" aria-live="polite">
          {shown.length === jobs.length
            ? `${jobs.length} open ${jobs.length === 1 ? "role" : "roles"}`
            : `${shown.length} of ${jobs.length} roles`}
        </Count>
      </Filters>
      {groups.length === 0 ? (
        <EmptyState>
          <Heading level={2} size="md">
            No roles match these filters
          </Heading>
          <Text>Try another department or location, or see every open role.</Text>
          {filtered ? (
            <div>
              <Button variant="secondary" onClick={() => onFilters(NO_FILTERS)}>
                Clear filters
              </Button>
            </div>
          ) : null}
        </EmptyState>
      ) : (
        <Groups>
          {groups.map((group) => (
            <Group
              key={group.department}
              aria-labelledby={`dept-${slug(group.department)}`}
              data-testid="job-group"
            >
              <GroupTitle>
                <Heading level={2} size="md" id={`dept-${slug(group.department)}`}>
                  {group.department}
                </Heading>
                <Badge
                  aria-label={`${group.jobs.length} ${group.jobs.length === 1 ? "role" : "roles"}`}
                >
                  {group.jobs.length}
                </Badge>
              </GroupTitle>
              <Roles role="list">
                {group.jobs.map((job) => (
                  <Role key={job.id}>
                    <RoleLink href={applyPagePath(job.id)}>{job.title}</RoleLink>
                    <RoleMeta>{job.location}</RoleMeta>
                  </Role>
                ))}
              </Roles>
            </Group>
          ))}
        </Groups>
      )}
    </>
  );
}

function FilterSelect({
  id,
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  allLabel: string;
  options: FilterOption[];
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  // A value from the URL that matches no option still shows, so the visitor sees why the list is empty.
  const known = value === null || options.some((option) => option.value === value);
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label} ({option.count})
          </option>
        ))}
        {known ? null : <option value={value}>{value} (no open roles)</option>}
      </select>
    </Field>
  );
}

function ListSkeleton() {
  return (
    <div aria-busy="true" data-testid="jobs-loading">
      <span className="visually-hidden" role="status">
        Loading open roles…
      </span>
      <Filters as="div" aria-hidden="true">
        <Skeleton $width="14rem" $height="title" />
        <Skeleton $width="14rem" $height="title" />
      </Filters>
      <Groups aria-hidden="true">
        {[3, 2].map((rows, group) => (
          <Group as="div" key={group}>
            <Skeleton $width="10rem" $height="title" />
            <Roles>
              {Array.from({ length: rows }, (_, row) => (
                <Role key={row}>
                  <Skeleton $width="60%" />
                  <Skeleton $width="25%" />
                </Role>
              ))}
            </Roles>
          </Group>
        ))}
      </Groups>
    </div>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorState role="alert" data-testid="jobs-error">
      <Heading level={2} size="md">
        We couldn’t load the open roles
      </Heading>
      <Text>
        The job board did not answer. This is usually brief: try again in a moment, or see the roles
        on our <Link href={site.external.careersBoard}>hosted careers board</Link>.
      </Text>
      <div>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </ErrorState>
  );
}

// The list's length is only known once the board answers. Holding at least a screen's height for it,
// skeleton and list alike, keeps whatever follows below the fold until then: a longer list pushes only
// content nobody sees yet, a shorter one pulls nothing up, so the swap never shifts the visible page.
const ListRegion = styled.div`
  min-height: 100vh;
`;

const Notice = styled.p`
  margin-bottom: ${({ theme }) => theme.space[5]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  border-left: ${({ theme }) => theme.borders.focus} solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.ink};
`;

const SampleNote = styled.p`
  margin-bottom: ${({ theme }) => theme.space[5]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.inkSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Filters = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[4]};
  margin-bottom: ${({ theme }) => theme.space[6]};
  padding-bottom: ${({ theme }) => theme.space[5]};
  border-bottom: ${({ theme }) => theme.borders.hairline} solid ${({ theme }) => theme.colors.line};
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  flex: 1 1 14rem;

  ${media.up("md")} {
    flex: 0 1 16rem;
  }

  label {
    color: ${({ theme }) => theme.colors.ink};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }

  select {
    min-height: 2.75rem;
    padding: 0 ${({ theme }) => theme.space[3]};
    border: ${({ theme }) => theme.borders.hairline} solid ${({ theme }) => theme.colors.lineStrong};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.ink};
    font: inherit;
  }
`;

const Count = styled.p`
  margin-left: auto;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Groups = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[7]};
`;

const Group = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};

  ${media.up("lg")} {
    grid-template-columns: 16rem 1fr;
    gap: ${({ theme }) => theme.space[6]};
  }
`;

const GroupTitle = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  align-self: start;
`;

const Roles = styled.ul`
  display: grid;
  border-top: ${({ theme }) => theme.borders.hairline} solid ${({ theme }) => theme.colors.line};
`;

const Role = styled.li`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[4]}`};
  padding-block: ${({ theme }) => theme.space[4]};
  border-bottom: ${({ theme }) => theme.borders.hairline} solid ${({ theme }) => theme.colors.line};
`;

// A plain anchor, not the site's client-side Link: the apply page frames the hosted form, which only
// its own Content-Security-Policy allows (frame-src), so it must load as a document of its own.
const RoleLink = styled.a`
  color: ${({ theme }) => theme.colors.ink};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-decoration: none;

  &:hover {
    color: ${({ theme }) => theme.colors.accent};
    text-decoration: underline;
  }
`;

const RoleMeta = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const EmptyState = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[6]};
  border: ${({ theme }) => theme.borders.hairline} dashed ${({ theme }) => theme.colors.lineStrong};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

const ErrorState = styled(EmptyState)`
  border: ${({ theme }) => theme.borders.hairline} solid ${({ theme }) => theme.colors.danger};
  background: ${({ theme }) => theme.colors.dangerSoft};
`;
