import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../kit/button';
import { fieldError, Form } from '../../kit/form';
import { LiveMessage } from '../../kit/live-message';
import { SelectField } from '../../kit/select-field';
import { GifFields } from '../render-settings/gif-fields';
import { GIF_SETTING_FIELDS } from '../render-settings/gif-settings-problems';
import { GIF_DEFAULT_SETTINGS, type GifSettings } from '../render-settings/gif-settings';
import { TEMPLATE_PAPER, type PaperChoice } from '../render-settings/paper-choice';
import { PaperFields } from '../render-settings/paper-fields';
import { FORMAT_CHOICES, type PlaygroundFormat } from '../playground/playground-request';
import { RenderAnnouncement, RenderResult, renderTimed } from '../renders/render-result';
import { templateRenderRequest, type TemplateRenderChoice } from './template-render-request';

/** The body fields whose refusals stand beside this panel's own fields (a chosen paper's are its page size's). */
const FIELDS = ['fileExtension', ...GIF_SETTING_FIELDS];
const PAPER_FIELDS = [...FIELDS, 'width', 'height', 'options.preset'];

/**
 * Renders the template with the values shown in the editor, as an image, a GIF or a PDF, through the same endpoints as
 * the API (the render is in the history and costs a credit, unlike the live preview). The API renders the saved
 * template, so with unsaved changes the button saves first through the editor's own save (`save`, whose refusals stand
 * beside the editor's fields, as for its Save button) and renders only once that save went through. A GIF also takes
 * its quality and seconds of animation, checked by the API's rule as they are typed; a PDF, where offered
 * (`templatePaper`), its paper.
 */
export function TemplateRender(
  props: Omit<TemplateRenderChoice, 'format' | 'gif' | 'paper'> & {
    unsaved: boolean;
    saving: boolean;
    save: () => Promise<unknown>;
    /** The formats offered (all by default; a canvas design has nothing to animate, so no GIF). */
    formats?: typeof FORMAT_CHOICES;
    /** Offers a PDF's paper, the template's own named so (its preset, or "design size"); without it, no choice. */
    templatePaper?: string | undefined;
  },
) {
  const [format, setFormat] = useState<PlaygroundFormat>('png');
  const [gif, setGif] = useState<GifSettings>(GIF_DEFAULT_SETTINGS);
  const [paper, setPaper] = useState<PaperChoice>(TEMPLATE_PAPER);
  const [notRendered, setNotRendered] = useState(false);
  const offersPaper = props.templatePaper !== undefined;
  const request = templateRenderRequest({ ...props, format, gif, paper: offersPaper ? paper : undefined });
  // Text a number field cannot read ("1e" in Seconds of animation) never gets here: the kit's Form refuses it before
  // submitting, so neither the save nor the render is sent.
  const render = useMutation({ mutationFn: () => renderTimed(request, format) });
  const changeGif = (patch: Partial<GifSettings>) => {
    setGif((settings) => ({ ...settings, ...patch }));
    // A refusal of the settings no longer speaks of what the fields hold: their own check now says whether they fit.
    if (render.isError) render.reset();
  };
  const changePaper = (chosen: PaperChoice) => {
    setPaper(chosen);
    // A refused page size was the previous paper's.
    if (render.isError) render.reset();
  };
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
      <Form label="Render the template" onSubmit={() => void submit()} error={render.error} fields={offersPaper ? PAPER_FIELDS : FIELDS}>
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
        {format === 'gif' && (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <GifFields settings={gif} onChange={changeGif} body={request.body} error={render.error} />
          </div>
        )}
        {format === 'pdf' && props.templatePaper !== undefined && (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <PaperFields
              templatePaper={props.templatePaper}
              paper={paper}
              design={props.size}
              onChange={changePaper}
              error={render.error}
            />
          </div>
        )}
        <Button type="submit" busy={render.isPending || props.saving} className="self-start">
          {props.unsaved ? 'Save and render' : 'Render'}
        </Button>
        <RenderAnnouncement pending={render.isPending} result={render.data} />
        <LiveMessage tone="error" politeness="polite">
          {notRendered && 'Not rendered: the template could not be saved.'}
        </LiveMessage>
      </Form>
      {render.data && <RenderResult result={render.data} />}
    </>
  );
}
