import { currentNavPath } from '../src/app/current-nav.js';

const NAV = [{ path: '' }, { path: 'templates' }, { path: 'templates/starters' }, { path: 'video' }, { path: 'settings/keys' }];

describe('the nav entry of a path', () => {
  it('is the longest nav path that is the path or a parent of it', () => {
    expect(currentNavPath('/templates/starters', NAV)).toBe('templates/starters');
    expect(currentNavPath('/templates', NAV)).toBe('templates');
    expect(currentNavPath('/templates/tpl_1/canvas', NAV)).toBe('templates');
    expect(currentNavPath('/video/templates/vtp_1/timeline', NAV)).toBe('video');
    expect(currentNavPath('/', NAV)).toBe('');
  });

  it('marks nothing for a path outside the nav, and never a mere prefix of a segment', () => {
    expect(currentNavPath('/renders/img_1', NAV)).toBeNull();
    expect(currentNavPath('/videos', NAV)).toBeNull();
  });
});
