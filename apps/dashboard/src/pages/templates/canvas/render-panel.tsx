import type { Template } from '../../../api/templates';
import { Section } from '../../../kit/page';
import { FORMAT_CHOICES } from '../../playground/playground-request';
import { TemplateRender } from '../template-render';
import { useActiveLayout } from './layouts/active-layout';
import { useCanvasSave } from './save-bar';
import { useUnsavedDesign } from './unsaved-design';
import { useDesignVariableNames } from './variables/design-variable-names';

/**
 * The design as a file (PNG, JPEG, WebP or PDF: a canvas has nothing a GIF would animate) with the values tried in Variables, at the open layout's size (a PDF on the paper chosen): the
 * HTML editor's Render, so a design without variables renders too. The API renders the saved template, so with unsaved
 * changes it saves first through the editor's one save (save-bar.tsx), whose refusals stand where Save shows them.
 */
const CANVAS_FORMATS = FORMAT_CHOICES.filter(([format]) => format !== 'gif');

export function RenderPanel({
  template,
  tried,
  size,
}: {
  template: Template;
  tried: Record<string, string>;
  size: { width: number; height: number };
}) {
  const unsaved = useUnsavedDesign();
  const canvasSave = useCanvasSave();
  const { target } = useActiveLayout();
  const { valuesToRender } = useDesignVariableNames();
  return (
    <Section title="Render">
      <TemplateRender
        uid={template.uid}
        variables={valuesToRender(tried)}
        layout={target.kind === 'layout' ? target.key : 'default'}
        size={size}
        // A canvas with a paper of its own (pdfPreset) prints on it: a size in the request would be the paper instead.
        printsOnPaper={template.outputFormat === 'pdf' || Boolean(template.pdfPreset)}
        // A PDF goes on the template's paper unless another is chosen: its pdfPreset, else the design's own size.
        templatePaper={template.pdfPreset || 'design size'}
        formats={CANVAS_FORMATS}
        unsaved={unsaved.dirty}
        saving={canvasSave.pending}
        save={async () => {
          if (!(await canvasSave.save())) throw new Error('The template could not be saved.');
        }}
      />
    </Section>
  );
}
