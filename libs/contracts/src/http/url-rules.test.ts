import { TimelineProject } from './video-timeline.js';
import { imageUrlProblem, mediaUrlProblem } from './url-rules.js';

describe('URL rules', () => {
  it('takes absolute http(s) URLs, and data:image/ URLs for images only', () => {
    expect(imageUrlProblem('https://example.com/a.png')).toBeNull();
    expect(imageUrlProblem(' data:image/png;base64,AAAA ')).toBeNull();
    expect(mediaUrlProblem('http://example.com/clip.mp4')).toBeNull();
    expect(mediaUrlProblem('data:video/mp4;base64,AAAA')).toBe('The URL scheme "data:" is not allowed; use http(s).');
    expect(imageUrlProblem('data:text/html,<p>')).toBe('A data URL must be an image: data:image/<type>[;base64],<data>.');
    expect(imageUrlProblem('logo.png')).toBe('Not a URL; give an absolute http(s) URL or a data:image/ URL.');
    expect(mediaUrlProblem('https://user:pw@example.com/a.mp3')).toBe('URLs with credentials are not allowed.');
  });

  it('refuses a timeline whose media URLs could never load when it is saved, at each clip’s src', () => {
    const clip = { from: 0, durationInFrames: 10 };
    const result = TimelineProject.safeParse({
      size: '16:9',
      fps: 30,
      soundtrack: { src: 'file:///etc/passwd' },
      tracks: [
        {
          clips: [
            { type: 'image', src: 'not a url', ...clip },
            { type: 'video', src: 'https://example.com/clip.mp4', ...clip, from: 10 },
            { type: 'audio', src: 'ftp://example.com/a.mp3', ...clip, from: 20 },
          ],
        },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['soundtrack.src', 'The URL scheme "file:" is not allowed; use http(s).'],
      ['tracks.0.clips.0.src', 'Not a URL; give an absolute http(s) URL or a data:image/ URL.'],
      ['tracks.0.clips.2.src', 'The URL scheme "ftp:" is not allowed; use http(s).'],
    ]);
  });
});
