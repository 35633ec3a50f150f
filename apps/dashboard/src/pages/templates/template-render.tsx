import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../kit/button';
import { fieldError, Form } from '../../kit/form';
import { LiveMessage } from '../../kit/live-message';
import { SelectField } from '../../kit/select-field';
import { FORMAT_CHOICES, type PlaygroundFormat } from '../playground/playground-request';
import { RenderResult, renderTimed } from '../renders/render-result';
import { templateRenderRequest, type TemplateRenderChoice } from './template-render-request';

/**
 * Renders the template with the values shown in the editor, as an image, a GIF or a PDF, through the same endpoints as
 * the API (the render is in the history and costs a credit, unlike the live preview). The API renders the saved
 * template, so with unsaved changes the button saves first through the editor's own save (`save`, whose refusals stand
 * beside the editor's fields, as for its Save button) and renders only once that save went through.
 */
export function TemplateRender(
  props: Omit<TemplateRenderChoice, 'format'> & {
    unsaved: boolean;
    saving: boolean;
    save: () => Promise<unknown>;
    /** The formats offered (all by default; a canvas design has nothing to animate, so no GIF). */
    formats?: typeof FORMAT_CHOICES;
  },
) {
  const [format, setFormat] = useState<PlaygroundFormat>('png');
  const [notRendered, setNotRendered] = useState(false);
  const render = useMutation({
    mutationFn: () => renderTimed(templateRenderRequest({ ...props, format }), format),
  });
  const submit = async () => {
    setNotRendered(false);
    if (props.unsaved) {
      render.reset();
      try {
        await props.save();
      } catch {
        return setNotRendered(true);
      }
    }
    render.mutate();
  };
  const sizeNote = props.layout === 'default' ? '' : ` in the layout ${props.layout}`;
  return (
    <>
      <Form label="Render the template" onSubmit={() => void submit()} error={render.error} fields={['fileExtension']}>
        <p className="text-sm text-slate-700">
          The template with the values in Variables{sizeNote}, as a file you can download. Each render is in the history and uses a credit.
        </p>
        <SelectField
          label="Format"
          value={format}
          onChange={(e) => setFormat(e.target.value as PlaygroundFormat)}
          options={props.formats ?? FORMAT_CHOICES}
          error={fieldError(render.error, 'fileExtension')}
        />
        <Button type="submit" busy={render.isPending || props.saving} className="self-start">
          {props.unsaved ? 'Save and render' : 'Render'}
        </Button>
        <LiveMessage tone="error" politeness="polite">
          {notRendered && 'Not rendered: the template could not be saved.'}
        </LiveMessage>
      </Form>
      {render.data && <RenderResult result={render.data} />}
    </>
  );
}
