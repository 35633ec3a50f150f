import { askedUrlOf, nextStepOf, timeoutHintOf } from '../src/pages/renders/failed-render-help.js';

const failed = (over: Partial<Parameters<typeof nextStepOf>[0]> = {}) => ({
  kind: 'image',
  status: 'failed',
  templateUid: null,
  parameters: {},
  problem: { type: 'https://pressroom.dev/errors/render-failed' },
  ...over,
});

describe('a failed render’s next step and hint', () => {
  it('sends a template render to its editor, a video template’s to the video editor', () => {
    expect(nextStepOf(failed({ templateUid: 'tpl_1', parameters: { origin: 'template' } }))).toEqual({
      kind: 'template',
      label: 'Render again',
      to: '/templates/tpl_1',
    });
    expect(nextStepOf(failed({ kind: 'video', templateUid: 'vtp_1' }))?.to).toBe('/video/templates/vtp_1');
  });

  it('carries the values a template render used into its editor, when the render kept them', () => {
    const variables = { headline: 'Spring sale', count: 3 };
    expect(nextStepOf(failed({ templateUid: 'tpl_1', parameters: { origin: 'template', variables } }))).toEqual({
      kind: 'template',
      label: 'Render again',
      to: '/templates/tpl_1',
      state: { values: variables },
    });
    expect(nextStepOf(failed({ templateUid: 'tpl_1', parameters: { variables: ['not', 'values'] } }))).not.toHaveProperty('state');
  });

  it('opens a multi-page PDF, done or failed, on the Batches page with its template, One PDF and its kept rows', () => {
    const variableSets = [{ title: 'Ada' }, { title: 'Grace' }];
    const pdf = (over: Partial<Parameters<typeof nextStepOf>[0]>) =>
      failed({ kind: 'pdf', templateUid: 'tpl_1', parameters: { origin: 'template', variableSetCount: 2, variableSets }, ...over });
    const step = {
      kind: 'batch',
      label: 'Render again',
      to: '/batches',
      state: { batch: { templateUid: 'tpl_1', output: 'pdf', variableSets } },
    };
    expect(nextStepOf(pdf({}))).toEqual(step);
    expect(nextStepOf(pdf({ status: 'done', problem: null }))).toEqual(step);
    // Too large to keep: the count alone says it was a multi-page PDF; the page opens with the template only.
    expect(nextStepOf(pdf({ status: 'done', problem: null, parameters: { variableSetCount: 2 } }))).toEqual({
      ...step,
      state: { batch: { templateUid: 'tpl_1', output: 'pdf' } },
    });
    // Still being made: nothing yet.
    expect(nextStepOf(pdf({ status: 'rendering', problem: null }))).toBeNull();
    // A one-document PDF of a template stays with the editor.
    expect(nextStepOf(failed({ kind: 'pdf', templateUid: 'tpl_1', parameters: { variables: { title: 'Ada' } } }))).toMatchObject({
      kind: 'template',
      state: { values: { title: 'Ada' } },
    });
  });

  it('opens a URL render in the playground with its address, an HTML render on the HTML source', () => {
    const url = 'https://example.com/a?b=1';
    expect(nextStepOf(failed({ parameters: { origin: 'url', url } }))).toEqual({
      kind: 'playground',
      label: 'Open in playground',
      to: '/playground',
      state: { source: 'url', url },
    });
    expect(nextStepOf(failed({ parameters: { origin: 'url' } }))).toMatchObject({ state: { source: 'url' } });
    expect(nextStepOf(failed({ parameters: { origin: 'html' } }))).toMatchObject({ state: { source: 'html' } });
  });

  it('offers nothing for a render that did not fail or came from elsewhere', () => {
    expect(nextStepOf(failed({ status: 'done', templateUid: 'tpl_1' }))).toBeNull();
    expect(nextStepOf(failed({ parameters: { origin: 'canvas' } }))).toBeNull();
  });

  it('says what was asked only for a URL render that kept its address', () => {
    expect(askedUrlOf({ origin: 'url', url: 'https://example.com/' })).toBe('https://example.com/');
    expect(askedUrlOf({ origin: 'html' })).toBeNull();
  });

  it('names the wait a timed-out render never matched, and nothing for other problems or no wait', () => {
    const timeout = { type: 'https://pressroom.dev/errors/render-timeout' };
    expect(timeoutHintOf(failed({ problem: timeout, parameters: { waitForSelector: '#ready' } }))).toContain('“#ready”');
    expect(timeoutHintOf(failed({ problem: timeout, parameters: { waitForFunction: 'window.done' } }))).toContain('“window.done”');
    expect(timeoutHintOf(failed({ problem: timeout }))).toBeNull();
    expect(timeoutHintOf(failed({ parameters: { waitForSelector: '#ready' } }))).toBeNull();
    expect(timeoutHintOf(failed({ problem: null, status: 'done' }))).toBeNull();
  });
});
