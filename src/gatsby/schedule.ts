/**
 * Writes public/schedule.json: when the next scheduled entry falls due (a time only: no title, no slug), so
 * the schedule trigger on each host knows when to call the build hook. Drafts never fall due.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { nextDue, SCHEDULE_PATH, type ScheduleFile } from "../data/schedule";

type Graphql = Parameters<NonNullable<GatsbyNode["onPostBuild"]>>[0]["graphql"];

interface ScheduleResult {
  allBlogPost: { nodes: Array<{ date: string; draft: boolean }> };
  allCaseStudy: { nodes: Array<{ date: string; draft: boolean }> };
  allWebinar: { nodes: Array<{ publishDate: string | null; draft: boolean }> };
}

export async function writeSchedule(
  graphql: Graphql,
  publicDir: string,
  at: Date,
): Promise<ScheduleFile> {
  const result = await graphql<ScheduleResult>(`
    query Schedule {
      allBlogPost {
        nodes {
          date
          draft
        }
      }
      allCaseStudy {
        nodes {
          date
          draft
        }
      }
      allWebinar {
        nodes {
          publishDate
          draft
        }
      }
    }
  `);
  if (result.errors || !result.data)
    throw new Error(`Could not query publish dates: ${JSON.stringify(result.errors)}`);
  const { allBlogPost, allCaseStudy, allWebinar } = result.data;
  const dates = [
    ...allBlogPost.nodes.filter((n) => !n.draft).map((n) => n.date),
    ...allCaseStudy.nodes.filter((n) => !n.draft).map((n) => n.date),
    ...allWebinar.nodes.filter((n) => !n.draft).map((n) => n.publishDate),
  ];
  const schedule: ScheduleFile = { nextBuildAt: nextDue(dates, at) };
  await writeFile(path.join(publicDir, SCHEDULE_PATH.slice(1)), `${JSON.stringify(schedule)}\n`);
  return schedule;
}
