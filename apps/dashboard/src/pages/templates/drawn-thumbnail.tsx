import { useQuery } from '@tanstack/react-query';
import type { Template } from '../../api/templates';
import { exportPng, newStaticCanvas } from '../../canvas/design-loader';
import { loadTemplateDrawing } from './canvas/serializer';

/** The design drawn by the editor's loader with its variables' defaults, as a PNG data URL. */
async function draw(template: Template & { fabricJSData: Record<string, unknown> }): Promise<string> {
  const canvas = newStaticCanvas(document.createElement('canvas'), { width: template.width, height: template.height });
  try {
    await loadTemplateDrawing(canvas, template);
    return exportPng(canvas);
  } finally {
    void canvas.dispose();
  }
}

/**
 * A canvas template that has not been rendered yet (a starter just copied, a new design), drawn in the
 * browser instead of "Not rendered yet": no render, no credit, no preview quota. Its caption says so; the
 * card shows the latest render instead as soon as there is one. Loaded lazily, as it brings fabric.
 */
export default function DrawnThumbnail({ template }: { template: Template & { fabricJSData: Record<string, unknown> } }) {
  const drawing = useQuery({
    queryKey: ['templates', template.uid, 'drawn', template.updatedAt],
    queryFn: () => draw(template),
    staleTime: Infinity,
    retry: false,
  });
  if (drawing.isPending) return <span className="text-xs text-slate-600">Drawing…</span>;
  if (drawing.isError) return <span className="text-xs text-slate-600">Not rendered yet</span>;
  return (
    <figure className="relative h-full w-full">
      <img src={drawing.data} alt={`Drawing of ${template.name}`} className="h-full w-full object-contain" />
      <figcaption className="absolute right-1 bottom-1 rounded bg-white/90 px-1.5 py-0.5 text-xs text-slate-700">
        Not rendered yet
      </figcaption>
    </figure>
  );
}
