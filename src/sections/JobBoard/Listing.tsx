/** The loaded board: the sample notice, the filters with their count, and the roles by department. */
import * as React from "react";
import { Badge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { Heading } from "../../components/Heading";
import { Link } from "../../components/Link";
import { Text } from "../../components/Text";
import { slug } from "../../config/site";
import {
  applyFilters,
  applyPagePath,
  filterOptions,
  groupByDepartment,
  type FilterOption,
  type JobFilters,
  type JobListings,
} from "../../data/jobs";
import {
  Count,
  EmptyState,
  Field,
  Filters,
  Group,
  Groups,
  GroupTitle,
  Role,
  RoleLink,
  RoleMeta,
  Roles,
  SampleNote,
} from "./styles";
import { NO_FILTERS } from "./useJobBoard";

export function Listing({
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
