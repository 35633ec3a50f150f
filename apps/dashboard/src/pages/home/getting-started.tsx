import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { keyKeys, listKeys } from '../../api/keys';
import { listRenders, renderKeys } from '../../api/renders';
import { listTemplates, templateKeys } from '../../api/templates';
import { Section } from '../../kit/page';
import { plural } from '../../kit/plural';

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
 * The three things a new workspace does first (a key, a render, a template), each checked against the API's
 * own lists; the section goes away once all three are done.
 */
export function GettingStarted() {
  const keys = useQuery({ queryKey: keyKeys.all, queryFn: listKeys });
  // The same query as the recent renders beside it: one request for both.
  const renders = useQuery({ queryKey: renderKeys.recent, queryFn: () => listRenders({}, undefined, 5) });
  const templates = useQuery({ queryKey: templateKeys.list({ count: true }), queryFn: () => listTemplates({ limit: 1 }) });
  if (keys.isPending || renders.isPending || templates.isPending) return null;

  const keyCount = keys.data?.items.length;
  const templateCount = templates.data?.pagination.total;
  const steps: Step[] = [
    {
      title: 'Create an API key',
      done: keyCount === undefined ? undefined : keyCount > 0,
      doneText: `${plural(keyCount ?? 0, 'key')} in this workspace.`,
      next: (
        <>
          Your applications call the API with a key (the dashboard uses your session).{' '}
          <Link className={linkClass} to="/settings/api-keys">
            Create a key
          </Link>
        </>
      ),
    },
    {
      title: 'Render something',
      done: renders.data ? renders.data.items.length > 0 : undefined,
      doneText: 'Renders show up under Renders.',
      next: (
        <>
          Paste some HTML or a URL and get a PNG back, with the same request as curl beside it.{' '}
          <Link className={linkClass} to="/playground">
            Open the playground
          </Link>
        </>
      ),
    },
    {
      title: 'Save a template',
      done: templateCount === undefined ? undefined : templateCount > 0,
      doneText: `${plural(templateCount ?? 0, 'template')} saved.`,
      next: (
        <>
          A template keeps a design with variables, rendered by its id with new values each time.{' '}
          <Link className={linkClass} to="/templates/starters">
            Start from the gallery
          </Link>{' '}
          or{' '}
          <Link className={linkClass} to="/templates">
            write your own
          </Link>
        </>
      ),
    },
  ];
  if (steps.every((s) => s.done)) return null;
  const done = steps.filter((s) => s.done).length;
  return (
    <Section title="Get started" actions={<p className="text-sm text-slate-700">{`${done} of ${steps.length} done`}</p>}>
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
    </Section>
  );
}
