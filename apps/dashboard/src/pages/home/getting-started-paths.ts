/**
 * The Overview's two ways to start (getting-started.tsx): designing in the dashboard, which needs no API key, and
 * calling the API from one's own software. Each step is checked against the API's own lists.
 */

/** What the workspace has, each undefined while unknown (loading, or its list could not be read). */
export interface WorkspaceStart {
  keys: number | undefined;
  templates: number | undefined;
  renders: number | undefined;
}

/** Done, not done, or undefined while unknown (the step then shows its way forward). */
type StepDone = boolean | undefined;

export interface StartPaths {
  /** A saved template, then a render. */
  design: [template: StepDone, render: StepDone];
  /** An API key, then a render. */
  api: [key: StepDone, render: StepDone];
  /** Whether the Overview still offers them: not once either path is walked to its end. */
  show: boolean;
}

const some = (count: number | undefined): StepDone => (count === undefined ? undefined : count > 0);

export function startPaths(has: WorkspaceStart): StartPaths {
  const design: StartPaths['design'] = [some(has.templates), some(has.renders)];
  const api: StartPaths['api'] = [some(has.keys), some(has.renders)];
  // A designer never needs a key, a developer never needs a template: finishing one's own path is enough.
  const show = !design.every((done) => done === true) && !api.every((done) => done === true);
  return { design, api, show };
}
