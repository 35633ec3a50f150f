import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { messageOf } from '../../api/problem';
import { getTemplate, templateKeys, type Template } from '../../api/templates';
import { exportPng, newStaticCanvas } from '../../canvas/design-loader';
import { Alert } from '../../kit/alert';
import { buttonClass } from '../../kit/button';
import { Page } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { designFontsOf, useAccountFonts } from '../assets/account-fonts';
import { loadTemplateDrawing } from './canvas/serializer';

/** Draws the template with the editor's loader and offers the canvas's own PNG export. */
function CanvasDrawing({ template, fonts }: { template: Template; fonts: Parameters<typeof designFontsOf>[0] }) {
  const element = useRef<HTMLCanvasElement>(null);
  const [png, setPng] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const design = template.fabricJSData;
    if (!element.current || !design) return;
    const size = { width: template.width, height: template.height };
    const canvas = newStaticCanvas(element.current, size);
    let live = true;
    loadTemplateDrawing(canvas, { ...template, fabricJSData: design }, { fonts: designFontsOf(fonts), strictFonts: true }).then(
      () => live && setPng(exportPng(canvas)),
      (failure: unknown) => live && setError(messageOf(failure)),
    );
    return () => {
      live = false;
      void canvas.dispose();
    };
  }, [template, fonts]);
  if (!template.fabricJSData) return <Alert tone="info">This template is HTML, not a canvas design.</Alert>;
  return (
    <>
      {error && <Alert>{error}</Alert>}
      <div className="overflow-auto rounded-lg border border-slate-200 bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:16px_16px]">
        {/* Fabric sizes the element in pixels (inline style): a design wider than the page is scaled down to fit it. */}
        <canvas ref={element} aria-label={`Canvas of ${template.name}`} role="img" className="max-w-full! h-auto!" />
      </div>
      {png && (
        <a className={buttonClass('secondary', 'self-start')} href={png} download={`${template.name}.png`}>
          Download the canvas as PNG
        </a>
      )}
    </>
  );
}

/**
 * A canvas template as the editor draws it (the editor's loader, `loadIntoCanvas`), read-only, with the
 * variables' defaults filled in where the editor shows the placeholders: its design with the variables' defaults, the account's fonts
 * loaded from the same files the renderer uses.
 */
export default function CanvasViewPage() {
  const uid = useParams().uid!;
  const template = useQuery({ queryKey: templateKeys.one(uid), queryFn: () => getTemplate(uid) });
  const fonts = useAccountFonts();
  return (
    <Page title={template.data ? template.data.name : 'Template'}>
      <p className="text-sm">
        <Link className="text-indigo-700 underline" to="/templates">
          All templates
        </Link>
      </p>
      <QueryState query={template}>
        {(data) => <QueryState query={fonts}>{(list) => <CanvasDrawing template={data} fonts={list.assets} />}</QueryState>}
      </QueryState>
    </Page>
  );
}
