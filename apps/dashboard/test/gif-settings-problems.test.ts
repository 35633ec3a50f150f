import { gifSettingsProblems } from '../src/pages/render-settings/gif-settings-problems.js';

describe('gifSettingsProblems', () => {
  const body = { template: 'tpl_1', variables: {}, width: 300, height: 200 };

  it('says nothing of settings the API takes, nor of other fields', () => {
    expect(gifSettingsProblems({ ...body, quality: 'low', frameDurationSeconds: 10 })).toEqual({});
    expect(gifSettingsProblems({ ...body, width: 5000, quality: 'high' })).toEqual({});
  });

  it("refuses, in the API's words, seconds beyond the quality's longest capture or under its shortest", () => {
    expect(gifSettingsProblems({ ...body, quality: 'low', frameDurationSeconds: 12 })).toEqual({
      frameDurationSeconds: 'Quality `low` captures at most 10 s; use quality `medium` for up to 15 s.',
    });
    expect(gifSettingsProblems({ ...body, quality: 'medium', frameDurationSeconds: 0.05 })).toEqual({
      frameDurationSeconds: 'Must be at least 0.1',
    });
    expect(gifSettingsProblems({ ...body, quality: 'best' }).quality).toBe('Must be one of: low, medium, high');
  });
});
