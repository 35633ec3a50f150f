import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { renderImage } from '../../api/renders';
import { Button } from '../../kit/button';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { Page, Section } from '../../kit/page';
import { SelectField } from '../../kit/select-field';
import { SizeFields } from '../../kit/size-fields';

const SAMPLE = '<h1 style="font:64px sans-serif;color:#4338ca">Hello, Pressroom</h1>';

/** Paste HTML or a URL, pick a size and a format, render it, and see the same request as curl. */
export default function PlaygroundPage() {
  const htmlId = useId();
  const [source, setSource] = useState<'html' | 'url'>('html');
  const [html, setHtml] = useState(SAMPLE);
  const [url, setUrl] = useState('https://example.com');
  const [width, setWidth] = useState(1200);
  const [height, setHeight] = useState(630);
  const [format, setFormat] = useState('png');
  const body = { ...(source === 'html' ? { html } : { url }), width, height, fileExtension: format };
  const render = useMutation({ mutationFn: () => renderImage(body) });
  const curl = `curl -s ${window.location.origin}/image \\\n  -H "Authorization: Bearer $PRESSROOM_KEY" \\\n  -H 'Content-Type: application/json' \\\n  -d '${JSON.stringify(body).replace(/'/g, "'\\''")}'`;
  return (
    <Page title="Playground">
      <Section title="Request">
        <Form
          label="Render"
          onSubmit={() => render.mutate()}
          error={render.error}
          fields={['html', 'url', 'width', 'height', 'fileExtension']}
        >
          <SelectField
            label="Source"
            value={source}
            onChange={(e) => setSource(e.target.value as 'html' | 'url')}
            options={[
              ['html', 'HTML'],
              ['url', 'Web page URL'],
            ]}
          />
          {source === 'html' ? (
            <div className="flex flex-col gap-1">
              <label htmlFor={htmlId} className="text-sm font-medium">
                HTML
              </label>
              <textarea
                id={htmlId}
                rows={8}
                className="rounded-md border border-slate-300 p-2 font-mono text-sm"
                value={html}
                onChange={(e) => setHtml(e.target.value)}
              />
              {fieldError(render.error, 'html') && <p className="text-sm text-red-700">{fieldError(render.error, 'html')}</p>}
            </div>
          ) : (
            <TextField
              label="URL"
              type="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              error={fieldError(render.error, 'url')}
            />
          )}
          <div className="grid grid-cols-3 gap-3">
            <SizeFields width={width} height={height} onWidth={setWidth} onHeight={setHeight} error={render.error} />
            <SelectField
              label="Format"
              value={format}
              onChange={(e) => setFormat(e.target.value)}
              options={[
                ['png', 'PNG'],
                ['jpeg', 'JPEG'],
                ['webp', 'WebP'],
              ]}
            />
          </div>
          <Button type="submit" busy={render.isPending} className="self-start">
            Render
          </Button>
        </Form>
      </Section>
      {render.data && (
        <Section title="Result">
          <img src={render.data.url} alt="Rendered result" className="max-w-full self-start rounded border border-slate-200" />
          <a className="text-sm text-indigo-700 underline" href={render.data.url}>
            {render.data.url}
          </a>
        </Section>
      )}
      <Section title="Equivalent curl">
        <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100" tabIndex={0}>
          <code>{curl}</code>
        </pre>
      </Section>
    </Page>
  );
}
