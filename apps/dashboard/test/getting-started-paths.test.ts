import { startPaths } from '../src/pages/home/getting-started-paths.js';

describe('the Overview’s two ways to start', () => {
  it('shows both paths to a new workspace, each step not done', () => {
    expect(startPaths({ keys: 0, templates: 0, renders: 0 })).toEqual({ design: [false, false], api: [false, false], show: true });
  });

  it('steps aside once a template is saved and rendered, with no API key ever made', () => {
    expect(startPaths({ keys: 0, templates: 1, renders: 3 }).show).toBe(false);
  });

  it('steps aside once a key exists and something was rendered, with no template', () => {
    expect(startPaths({ keys: 1, templates: 0, renders: 1 }).show).toBe(false);
  });

  it('stays while each path has a step left, and a list it could not read counts as not done', () => {
    expect(startPaths({ keys: 1, templates: 1, renders: 0 })).toEqual({ design: [true, false], api: [true, false], show: true });
    expect(startPaths({ keys: undefined, templates: 1, renders: undefined })).toEqual({
      design: [true, undefined],
      api: [undefined, undefined],
      show: true,
    });
  });
});
