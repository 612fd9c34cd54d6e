// Types for cmsWorkflow.mjs, so TypeScript tests can import it.
export declare function workflowClonePath(root: string, tmp?: string): string;
export declare function prepareWorkflowClone(
  root: string,
  dir?: string,
): { dir: string; created: boolean; commit: string };
