import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../kit/button';
import { CodeEditorLoading } from '../../kit/code-editor-box';
import { CopyButton } from '../../kit/copy-button';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { Page, Section } from '../../kit/page';
import { SelectField } from '../../kit/select-field';
import { useTabState } from '../../kit/use-tab-state';
import { RenderAnnouncement, RenderResult, renderTimed } from '../renders/render-result';
import type { PlaygroundSeed } from '../renders/failed-render-help';
import { GifFields } from '../render-settings/gif-fields';
import { GIF_DEFAULT_SETTINGS } from '../render-settings/gif-settings';
import {
  FORMAT_CHOICES,
  ORIENTATION_CHOICES,
  PAPER_CHOICES,
  curlOf,
  maxSideOf,
  playgroundRequest,
  type PlaygroundFormat,
  type PlaygroundState,
} from './playground-request';

const HtmlEditor = lazy(() => import('../../kit/html-editor'));

const SAMPLE = '<h1 style="font:64px sans-serif;color:#4338ca">Hello, Pressroom</h1>';

/** Every body field the form shows beside its input; the rest of a problem goes in the alert at the top. */
const FIELDS = ['html', 'url', 'width', 'height', 'fileExtension', 'quality', 'frameDurationSeconds', 'preset', 'landscape'];

/**
 * Paste HTML or a URL, pick what comes out (an image, an animated GIF or a PDF) and its size, render it through the
 * same endpoint a developer would call, and see the result, its render's page and the request as curl.
 */
export default function PlaygroundPage() {
  const htmlLabel = useId();
  // Kept for the tab: following the result's render link and pressing Back finds the request as it was.
  const [state, setState] = useTabState<PlaygroundState>('pressroom.playground', {
    source: 'html',
    html: SAMPLE,
    url: 'https://example.com',
    format: 'png',
    width: 1200,
    height: 630,
    ...GIF_DEFAULT_SETTINGS,
    paper: 'A4',
    landscape: false,
  });
  const set = (patch: Partial<PlaygroundState>) => setState((s) => ({ ...s, ...patch }));
  // Opened from a failed render's "Open in playground": its source (and address) replace the tab's, once.
  // Read on mount only, then dropped from the history entry: a reload keeps the user's edits, not the seed.
  const location = useLocation();
  const navigate = useNavigate();
  const seed = location.state as PlaygroundSeed | null;
  useEffect(() => {
    if (seed?.source !== 'url' && seed?.source !== 'html') return;
    set({ source: seed.source, ...(seed.url ? { url: seed.url } : {}) });
    void navigate(location.pathname, { replace: true, state: null });
  }, []);
  const request = playgroundRequest(state);
  // Text a number field cannot read ("1e" in Width or Seconds of animation) never gets here: the kit's Form refuses it.
  const render = useMutation({ mutationFn: () => renderTimed(request, state.format) });
  const curl = curlOf(window.location.origin, request);
  const maxSide = maxSideOf(state.format);
  const sizeField = (name: 'width' | 'height') => (
    <TextField
      label={name === 'width' ? 'Width' : 'Height'}
      type="number"
      min={1}
      max={maxSide}
      value={state[name] ?? ''}
      onChange={(e) => set({ [name]: e.target.value.trim() === '' ? null : Number(e.target.value) })}
      error={fieldError(render.error, name)}
      hint={`Pixels, 1–${maxSide}; empty: the API’s default.`}
    />
  );
  return (
    <Page title="Playground">
      <Section title="Request">
        <Form label="Render" onSubmit={() => render.mutate()} error={render.error} fields={FIELDS}>
          <SelectField
            label="Source"
            value={state.source}
            onChange={(e) => set({ source: e.target.value as 'html' | 'url' })}
            options={[
              ['html', 'HTML'],
              ['url', 'Web page URL'],
            ]}
          />
          {state.source === 'html' ? (
            <div className="flex flex-col gap-1">
              <span id={htmlLabel} className="text-sm font-medium">
                HTML
              </span>
              <Suspense fallback={<CodeEditorLoading height="min-h-64" text={state.html} />}>
                <HtmlEditor label="HTML" value={state.html} onChange={(html) => set({ html })} error={fieldError(render.error, 'html')} />
              </Suspense>
            </div>
          ) : (
            <TextField
              label="URL"
              type="url"
              value={state.url}
              onChange={(e) => set({ url: e.target.value })}
              error={fieldError(render.error, 'url')}
            />
          )}
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <SelectField
              label="Format"
              value={state.format}
              onChange={(e) => set({ format: e.target.value as PlaygroundFormat })}
              options={FORMAT_CHOICES}
              error={fieldError(render.error, 'fileExtension')}
            />
            {state.format === 'pdf' ? (
              <>
                <SelectField
                  label="Paper"
                  value={state.paper}
                  onChange={(e) => set({ paper: e.target.value as PlaygroundState['paper'] })}
                  options={PAPER_CHOICES}
                  error={fieldError(render.error, 'preset')}
                />
                <SelectField
                  label="Orientation"
                  value={state.landscape ? 'landscape' : 'portrait'}
                  onChange={(e) => set({ landscape: e.target.value === 'landscape' })}
                  options={ORIENTATION_CHOICES}
                  error={fieldError(render.error, 'landscape')}
                />
              </>
            ) : (
              <>
                {sizeField('width')}
                {sizeField('height')}
              </>
            )}
            {state.format === 'gif' && <GifFields settings={state} onChange={set} body={request.body} error={render.error} />}
          </div>
          <Button type="submit" busy={render.isPending} className="self-start">
            Render
          </Button>
          <RenderAnnouncement pending={render.isPending} result={render.data} />
        </Form>
      </Section>
      {render.data && (
        <Section title="Result">
          <RenderResult result={render.data} />
        </Section>
      )}
      <Section title="Equivalent curl" actions={<CopyButton text={curl} label="Copy curl" />}>
        <p className="text-sm text-slate-700">
          Set <code>PRESSROOM_API_KEY</code> to a key from{' '}
          <Link className="text-indigo-700 underline" to="/settings/api-keys">
            API keys
          </Link>{' '}
          first: <code>export PRESSROOM_API_KEY=prs_live_…</code>
        </p>
        {/* Wrapped, not scrolled sideways: the whole request (its long -d line) is read on the screen, a phone's too; Copy
            curl copies it as one command all the same. */}
        <pre className="rounded-md bg-slate-900 p-3 text-xs whitespace-pre-wrap text-slate-100 wrap-anywhere">
          <code>{curl}</code>
        </pre>
      </Section>
    </Page>
  );
}
