import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { keyKeys, listKeys } from '../../api/keys';
import { listRenders, renderKeys } from '../../api/renders';
import { listTemplates, templateKeys } from '../../api/templates';
import { Section } from '../../kit/page';
import { plural } from '../../kit/plural';
import { startPaths } from './getting-started-paths';

interface Step {
  title: string;
  /** Undefined while unknown (loading, or the list could not be read): the step shows its way forward. */
  done: boolean | undefined;
  /** What is there once done. */
  doneText: string;
  /** The way to do it. */
  next: ReactNode;
}

const linkClass = 'text-indigo-700 underline';

/**
 * Two ways to start, side by side: design and render in the dashboard (for designers and marketers, no API key
 * needed), or call the API from your own software (for developers). The section goes away once either is done
 * (getting-started-paths.ts).
 */
export function GettingStarted() {
  const keys = useQuery({ queryKey: keyKeys.all, queryFn: listKeys });
  // The same query as the recent renders beside it: one request for both.
  const renders = useQuery({ queryKey: renderKeys.recent, queryFn: () => listRenders({}, undefined, 5) });
  const templates = useQuery({ queryKey: templateKeys.list({ count: true }), queryFn: () => listTemplates({ limit: 1 }) });
  if (keys.isPending || renders.isPending || templates.isPending) return null;

  const keyCount = keys.data?.items.length;
  const templateCount = templates.data?.pagination.total;
  const paths = startPaths({ keys: keyCount, templates: templateCount, renders: renders.data?.items.length });
  if (!paths.show) return null;
  const rendered = 'Your images are listed under Renders.';
  const design: Step[] = [
    {
      title: 'Pick a design',
      done: paths.design[0],
      doneText: `${plural(templateCount ?? 0, 'template')} saved.`,
      next: (
        <>
          A template is a design with parts you fill in each time, such as a headline or a picture.{' '}
          <Link className={linkClass} to="/templates/starters">
            Browse the starter gallery
          </Link>{' '}
          or{' '}
          <Link className={linkClass} to="/templates/new">
            start from scratch
          </Link>
          .
        </>
      ),
    },
    {
      title: 'Make your first image',
      done: paths.design[1],
      doneText: rendered,
      next: (
        <>
          Open a template, fill in its parts and press Render; to make one for each row of a spreadsheet, use Batches.{' '}
          <Link className={linkClass} to="/templates">
            Your templates
          </Link>{' '}
          ·{' '}
          <Link className={linkClass} to="/batches">
            Batches
          </Link>
        </>
      ),
    },
  ];
  const api: Step[] = [
    {
      title: 'Create an API key',
      done: paths.api[0],
      doneText: `${plural(keyCount ?? 0, 'key')} in this workspace.`,
      next: (
        <>
          Your software sends it with each request (the dashboard needs none).{' '}
          <Link className={linkClass} to="/settings/api-keys">
            Create a key
          </Link>
        </>
      ),
    },
    {
      title: 'Send a first request',
      done: paths.api[1],
      doneText: rendered,
      next: (
        <>
          Try some HTML or a web page address in the playground, which shows the same request as curl; the API reference lists every call.{' '}
          <Link className={linkClass} to="/playground">
            Open the playground
          </Link>{' '}
          · {/* Served by the gateway beside the dashboard, outside its router: a plain link. */}
          <a className={linkClass} href="/docs">
            API reference
          </a>
        </>
      ),
    },
  ];
  return (
    <Section title="Get started">
      <p className="-mt-1 text-sm text-slate-700">Two ways to use Pressroom: pick the one that fits how you work.</p>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <StartPath title="Design in the dashboard" intro="For designers and marketers: no API key or code needed." steps={design} />
        <StartPath title="Call the API" intro="For developers: your own software asks for the images." steps={api} />
      </div>
    </Section>
  );
}

/** One way to start: its steps in order, each with what is there once done or the way to do it. */
function StartPath({ title, intro, steps }: { title: string; intro: string; steps: Step[] }) {
  const headingId = useId();
  const done = steps.filter((s) => s.done).length;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {title}
        </h3>
        <p className="text-sm text-slate-700">{`${done} of ${steps.length} done`}</p>
      </div>
      <p className="text-sm text-slate-700">{intro}</p>
      <ol className="flex flex-col gap-3">
        {steps.map((step, i) => (
          <li key={step.title} className="flex gap-3">
            <span
              aria-hidden="true"
              className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                step.done ? 'bg-emerald-700 text-white' : 'border border-slate-400 text-slate-700'
              }`}
            >
              {step.done ? '✓' : i + 1}
            </span>
            <div className="flex flex-col gap-0.5 text-sm">
              <p className="font-medium">
                {step.title}
                {step.done && <span className="font-normal text-emerald-800"> — done</span>}
              </p>
              <p className="text-slate-700">{step.done ? step.doneText : step.next}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
