/**
 * The GIF settings a render form offers (quality preset, seconds of animation), with the API's rule checked as
 * typed: one set of fields for the playground and the template editor's Render panel.
 */
import { GIF_DEFAULT_QUALITY, GIF_QUALITY_PRESETS } from '@pressroom/contracts/constants';

export type GifQualityName = keyof typeof GIF_QUALITY_PRESETS;

/** What a person picks for an animated GIF besides its size: POST /gif's `quality` and `frameDurationSeconds`. */
export interface GifSettings {
  quality: GifQualityName;
  /** Seconds of animation to capture, as typed; empty: the page's own longest animation. */
  seconds: string;
}

/** The API's own defaults: left as they are, the body asks for what a request without them gets. */
export const GIF_DEFAULT_SETTINGS: GifSettings = { quality: GIF_DEFAULT_QUALITY, seconds: '' };

export const QUALITY_CHOICES = (Object.keys(GIF_QUALITY_PRESETS) as GifQualityName[]).map(
  (name) =>
    [
      name,
      `${name[0]!.toUpperCase()}${name.slice(1)}: ${GIF_QUALITY_PRESETS[name].fps} fps, up to ${GIF_QUALITY_PRESETS[name].maxSeconds} s`,
    ] as const,
);

/** The settings as body fields: the seconds only when given, so the API measures the page's animation itself. */
export function gifSettingsBody(settings: GifSettings): { quality: GifQualityName; frameDurationSeconds?: number } {
  const seconds = settings.seconds.trim();
  return { quality: settings.quality, ...(seconds === '' ? {} : { frameDurationSeconds: Number(seconds) }) };
}
