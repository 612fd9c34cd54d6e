/** One role from ?gh_jid=: title, department, location, the sanitized description and the hosted application form. */
import * as React from "react";
import { navigate } from "gatsby";
import styled from "styled-components";
import type { JobPostingContent } from "../data/sectionSchemas";
import { Button } from "../components/Button";
import { Container } from "../components/Container";
import { Heading } from "../components/Heading";
import { JsonLd } from "../components/JsonLd";
import { Link } from "../components/Link";
import { Prose } from "../components/Prose";
import { SectionShell } from "../components/SectionShell";
import { buildTitle } from "../components/Seo";
import { Skeleton } from "../components/Skeleton";
import { Eyebrow, Text } from "../components/Text";
import { site } from "../config/site";
import { fetchJobInfo, JobBoardError } from "../clients/jobBoard";
import { isJobId, jobPostingJsonLd, type JobInfo } from "../data/jobs";
import { useRemoteData } from "../hooks/useRemoteData";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

const JOBS_PATH = "/careers/jobs/";
export const MISSING_JOB_NOTICE = "That job link is incomplete. Here are all the open roles.";
export const UNKNOWN_JOB_NOTICE =
  "That role is no longer open, or the link is wrong. Here are all the open roles.";

const backToList = (notice: string) => navigate(JOBS_PATH, { replace: true, state: { notice } });

/** undefined until mounted: the id is in the query string, which the server render never sees. */
function useJobId(): string | null | undefined {
  const [jobId, setJobId] = React.useState<string | null | undefined>(undefined);
  React.useEffect(() => {
    const value = new URLSearchParams(window.location.search).get("gh_jid");
    setJobId(isJobId(value) ? value : null);
  }, []);
  return jobId;
}

const pending = new Promise<never>(() => undefined);

export function JobPosting({ id, applyTitle, applyLead, sampleNote }: JobPostingContent) {
  const jobId = useJobId();
  const info = useRemoteData<JobInfo>(
    (signal) => (jobId ? fetchJobInfo(jobId, { signal }) : pending),
    [jobId],
  );
  const notFound =
    info.status === "error" &&
    info.error instanceof JobBoardError &&
    info.error.kind === "not_found";

  React.useEffect(() => {
    if (jobId === null) void backToList(MISSING_JOB_NOTICE);
    else if (notFound) void backToList(UNKNOWN_JOB_NOTICE);
  }, [jobId, notFound]);

  const job = info.status === "success" ? info.data.job : null;
  React.useEffect(() => {
    if (job) document.title = buildTitle(`${job.title}, careers`);
  }, [job]);

  return (
    <SectionShell id={id} $tone="light" $tight>
      <Container>
        <Back href={JOBS_PATH}>← All open roles</Back>
        {info.status === "success" ? (
          <Posting
            info={info.data}
            applyTitle={applyTitle}
            applyLead={applyLead}
            sampleNote={sampleNote}
          />
        ) : info.status === "error" && !notFound ? (
          <ErrorState role="alert" data-testid="job-error">
            <Heading level={1} size="lg">
              We couldn’t load this role
            </Heading>
            <Text>
              The job board did not answer. Try again in a moment, or browse the other open roles.
            </Text>
            <div>
              <Button onClick={info.retry}>Try again</Button>
            </div>
          </ErrorState>
        ) : (
          <PostingSkeleton />
        )}
      </Container>
    </SectionShell>
  );
}

function Posting({
  info,
  applyTitle,
  applyLead,
  sampleNote,
}: { info: JobInfo } & Pick<JobPostingContent, "applyTitle" | "applyLead" | "sampleNote">) {
  const { job, sample } = info;
  const pageUrl = `${site.url}/careers/jobs/apply/?gh_jid=${job.id}`;
  return (
    <Layout data-testid="job-posting">
      <Main>
        <header>
          <Eyebrow>{job.department}</Eyebrow>
          <Heading level={1} size="xl">
            {job.title}
          </Heading>
          <Meta>
            <span>{job.location}</span>
            <span aria-hidden="true">·</span>
            <span>{job.department}</span>
          </Meta>
        </header>
        {/* Decoded and sanitized by src/data/jobContent.ts before it gets here (and again on arrival). */}
        <Prose
          data-testid="job-description"
          dangerouslySetInnerHTML={{ __html: job.descriptionHtml }}
        />
      </Main>
      <Apply aria-labelledby="apply-title">
        <Heading level={2} size="md" id="apply-title">
          {applyTitle}
        </Heading>
        {applyLead && !sample ? <Text $tone="muted">{applyLead}</Text> : null}
        {sample || !job.applyUrl ? (
          <SampleNote data-testid="apply-sample-note">{sampleNote}</SampleNote>
        ) : (
          <>
            <Frame
              src={job.applyUrl}
              title={`Application form for ${job.title}`}
              loading="lazy"
              referrerPolicy="strict-origin-when-cross-origin"
              sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox"
            />
            {job.postingUrl ? (
              <Text $size="sm" $tone="muted">
                Form not showing?{" "}
                <Link href={job.postingUrl}>Apply on our hosted careers board</Link>.
              </Text>
            ) : null}
          </>
        )}
      </Apply>
      <JsonLd data={jobPostingJsonLd(job, pageUrl)} />
    </Layout>
  );
}

function PostingSkeleton() {
  return (
    <Layout aria-busy="true" data-testid="job-loading">
      <Main>
        <Heading level={1} size="xl">
          <span className="visually-hidden">Loading the role…</span>
          <Skeleton $width="70%" $height="title" aria-hidden="true" />
        </Heading>
        <Skeleton $width="40%" aria-hidden="true" />
        <SkeletonLines aria-hidden="true">
          {["95%", "90%", "97%", "60%", "92%", "85%"].map((width, index) => (
            <Skeleton key={index} $width={width} />
          ))}
        </SkeletonLines>
      </Main>
      <Apply aria-hidden="true">
        <Skeleton $width="50%" $height="title" />
        <Skeleton $height="block" />
      </Apply>
    </Layout>
  );
}

const Back = styled(Link)`
  display: inline-block;
  margin-bottom: ${theme.space[5]};
  color: ${theme.colors.inkSoft};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
`;

const Layout = styled.div`
  display: grid;
  gap: ${theme.space[7]};

  ${media.up("lg")} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    align-items: start;
  }
`;

const Main = styled.article`
  display: grid;
  gap: ${theme.space[5]};
  min-width: 0;
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
  margin-top: ${theme.space[3]};
  color: ${theme.colors.muted};
`;

const Apply = styled.aside`
  display: grid;
  gap: ${theme.space[3]};
  padding: ${theme.space[5]};
  border: ${theme.borders.hairline} solid ${theme.colors.line};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surfaceAlt};

  ${media.up("lg")} {
    position: sticky;
    top: calc(${theme.sizes.header} + ${theme.space[4]});
  }
`;

const Frame = styled.iframe`
  width: 100%;
  min-height: 40rem;
  border: ${theme.borders.hairline} solid ${theme.colors.line};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
`;

const SampleNote = styled.p`
  padding: ${theme.space[4]};
  border-left: ${theme.borders.focus} solid ${theme.colors.warning};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.warningSoft};
  color: ${theme.colors.ink};
`;

const SkeletonLines = styled.div`
  display: grid;
  gap: ${theme.space[3]};
`;

const ErrorState = styled.div`
  display: grid;
  gap: ${theme.space[3]};
  padding: ${theme.space[6]};
  border: ${theme.borders.hairline} solid ${theme.colors.danger};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.dangerSoft};
`;
