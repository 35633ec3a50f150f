import { ProblemError } from '@pressroom/problem';
import { cuesFromWords, resolveCaptions, spreadWords, transcriptionsOf, type CaptionResolvers } from './captions.js';
import { bindTimelineVariables, checkTimelineProject, type ResolvedTimeline } from './timeline-project.js';

const w = (text: string, start: number, end: number) => ({ text, start, end });

function project(captions: unknown, extra: Record<string, unknown> = {}): ResolvedTimeline {
  const checked = checkTimelineProject({
    width: 320,
    height: 180,
    fps: 30,
    tracks: [{ clips: [{ type: 'caption', captions, from: 0, durationInFrames: 90, ...extra }] }],
  });
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.project;
}

const resolvers = (overrides: Partial<CaptionResolvers> = {}): CaptionResolvers => ({
  transcribe: async () => [w('from', 0, 0.4), w('speech', 0.5, 1)],
  fetchText: async () => ({ error: 'not expected' }),
  fieldOf: (path) => `projectJson.${path}`,
  ...overrides,
});

describe('caption cues', () => {
  it('groups words into cues: at most wordsPerCue, a new one after a sentence or a pause of a second', () => {
    const words = [
      w('One', 0, 0.3),
      w('two', 0.4, 0.7),
      w('three.', 0.8, 1.1),
      w('Four', 1.2, 1.5),
      w('five', 1.6, 1.9),
      w('six', 3.5, 3.8),
    ];
    expect(cuesFromWords(words, 2).map((c) => [c.text, c.start, c.end])).toEqual([
      ['One two', 0, 0.7],
      ['three.', 0.8, 1.1],
      ['Four five', 1.2, 1.9],
      ['six', 3.5, 3.8],
    ]);
    expect(cuesFromWords(words, 6).map((c) => c.text)).toEqual(['One two three.', 'Four five', 'six']);
  });

  it('spreads a cue without word timings over its words by their length', () => {
    const words = spreadWords({ start: 1, end: 3, text: 'a bbb' });
    expect(words.map((x) => x.text)).toEqual(['a', 'bbb']);
    expect(words[0]!.start).toBe(1);
    // "a" and a space of "a bbb": 2 of 6 characters of the two seconds.
    expect(words[0]!.end).toBeCloseTo(1 + 2 / 3);
    expect(words[1]!.end).toBeCloseTo(3);
  });
});

describe('resolveCaptions', () => {
  it('puts cues with word timings in place of SRT, VTT (also from a URL), words, cues and transcriptions', async () => {
    const srt = await resolveCaptions(project({ srt: '1\n00:00:00,500 --> 00:00:01,500\nHi there\n' }), resolvers());
    expect(srt.tracks[0]!.clips[0]).toMatchObject({
      type: 'caption',
      captions: { cues: [{ start: 0.5, end: 1.5, text: 'Hi there', words: [{ text: 'Hi' }, { text: 'there', end: 1.5 }] }] },
    });
    const fetched: string[] = [];
    const vtt = await resolveCaptions(
      project({ vtt: 'https://cdn.example.com/en.vtt' }),
      resolvers({
        fetchText: async ({ url }) => {
          fetched.push(url);
          return 'WEBVTT\n\n00:02.000 --> 00:03.000\nfetched';
        },
      }),
    );
    expect(fetched).toEqual(['https://cdn.example.com/en.vtt']);
    expect(vtt.tracks[0]!.clips[0]).toMatchObject({ captions: { cues: [{ start: 2, end: 3, text: 'fetched' }] } });
    const spoken = await resolveCaptions(project({ transcribe: { src: 'https://cdn.example.com/talk.mp3' } }), resolvers());
    expect(spoken.tracks[0]!.clips[0]).toMatchObject({ captions: { cues: [{ text: 'from speech', start: 0, end: 1 }] } });
    const given = await resolveCaptions(project({ words: [w('given', 0, 1)] }), resolvers());
    expect(given.tracks[0]!.clips[0]).toMatchObject({ captions: { cues: [{ text: 'given' }] } });
  });

  it('lists the transcriptions a project needs (to check AI credits first)', () => {
    expect(transcriptionsOf(project({ transcribe: { src: 'https://a.example/x.mp3' } }))).toEqual([
      { path: 'tracks.0.clips.0.captions', src: 'https://a.example/x.mp3' },
    ]);
    expect(transcriptionsOf(project({ srt: '1\n00:00:00,000 --> 00:00:01,000\nx' }))).toEqual([]);
  });

  it('refuses subtitles that do not parse with a 422 naming the clip (or the variable) and the line', async () => {
    const error = await resolveCaptions(project({ srt: '1\n00:00:01 --> 00:00:02\nx\n' }), resolvers()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProblemError);
    expect((error as ProblemError).slug).toBe('invalid-captions');
    expect((error as ProblemError).errors).toEqual([
      { field: 'projectJson.tracks.0.clips.0.captions', message: expect.stringMatching(/SRT line 2: .*not a timing/) },
    ]);

    // Bound from a variable: the string is subtitle text, the error names the variable, the binding is consumed.
    const raw = {
      width: 320,
      height: 180,
      fps: 30,
      tracks: [{ clips: [{ type: 'caption', variable: 'subs', from: 0, durationInFrames: 30 }] }],
    };
    const bound = bindTimelineVariables(raw, { subs: 'WEBVTT\n\n00:00.000 --> 00:00.500\nbound' });
    if (!bound.ok) throw new Error(JSON.stringify(bound.errors));
    const fieldOf = (path: string) => (bound.boundAt.has(path) ? `variables.${bound.boundAt.get(path)}` : `projectJson.${path}`);
    const resolved = await resolveCaptions(bound.project, resolvers({ fieldOf }));
    expect(resolved.tracks[0]!.clips[0]).toMatchObject({ captions: { cues: [{ text: 'bound' }] } });
    expect(resolved.tracks[0]!.clips[0]).not.toHaveProperty('variable');
    const badBound = bindTimelineVariables(raw, { subs: '1\n00:00:01,000 --> 00:00:00,500\nbackwards' });
    if (!badBound.ok) throw new Error(JSON.stringify(badBound.errors));
    const bad = await resolveCaptions(
      badBound.project,
      resolvers({ fieldOf: (path) => (badBound.boundAt.has(path) ? `variables.${badBound.boundAt.get(path)}` : path) }),
    ).catch((e: unknown) => e as ProblemError);
    expect((bad as ProblemError).errors).toEqual([{ field: 'variables.subs', message: expect.stringMatching(/SRT line 2: .*ends/) }]);
  });

  it('asks for captions on a caption clip without them', () => {
    const checked = checkTimelineProject({
      width: 320,
      height: 180,
      fps: 30,
      tracks: [{ clips: [{ type: 'caption', from: 0, durationInFrames: 30 }] }],
    });
    expect(checked.ok || checked.errors.map((e) => e.path)).toEqual(['tracks.0.clips.0.captions']);
  });
});
