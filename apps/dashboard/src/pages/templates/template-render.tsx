import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../kit/button';
import { fieldError, Form } from '../../kit/form';
import { SelectField } from '../../kit/select-field';
import { FORMAT_CHOICES, type PlaygroundFormat } from '../playground/playground-request';
import { RenderResult, renderTimed } from '../renders/render-result';
import { templateRenderRequest, type TemplateRenderChoice } from './template-render-request';

/**
 * Renders the saved template with the values shown in the editor, as an image, a GIF or a PDF, through the same
 * endpoints as the API (the render is in the history and costs a credit, unlike the live preview).
 */
export function TemplateRender(props: Omit<TemplateRenderChoice, 'format'> & { unsaved: boolean }) {
  const [format, setFormat] = useState<PlaygroundFormat>('png');
  const render = useMutation({
    mutationFn: () => renderTimed(templateRenderRequest({ ...props, format }), format),
  });
  const sizeNote = props.layout === 'default' ? '' : ` in the layout ${props.layout}`;
  return (
    <>
      <Form label="Render the template" onSubmit={() => render.mutate()} error={render.error} fields={['fileExtension']}>
        <p className="text-sm text-slate-700">
          The saved template with the values in Variables{sizeNote}, as a file you can download. Each render is in the history and uses a
          credit.
        </p>
        {props.unsaved && (
          <p className="text-sm text-amber-800" role="note">
            This renders the saved template: save it first to include your changes.
          </p>
        )}
        <SelectField
          label="Format"
          value={format}
          onChange={(e) => setFormat(e.target.value as PlaygroundFormat)}
          options={FORMAT_CHOICES}
          error={fieldError(render.error, 'fileExtension')}
        />
        <Button type="submit" busy={render.isPending} className="self-start">
          Render
        </Button>
      </Form>
      {render.data && <RenderResult result={render.data} />}
    </>
  );
}
