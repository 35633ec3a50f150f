import { GIF_MIN_SECONDS, GIF_QUALITY_PRESETS } from '@pressroom/contracts/constants';
import { TextField } from '../../kit/field';
import { fieldError } from '../../kit/form';
import { SelectField } from '../../kit/select-field';
import { gifSettingsProblems } from './gif-settings-problems';
import { QUALITY_CHOICES, type GifQualityName, type GifSettings } from './gif-settings';

/**
 * An animated GIF's settings beside its size: the quality preset (frame rate and longest capture) and the seconds of
 * animation. The API's rule is said beside each field as it is typed, checked on `body` (the request as it would be
 * sent, since the longest capture depends on the quality); else the failed request's message for that field. Two
 * sibling fields with no wrapper, so the form around them decides the layout.
 */
export function GifFields({
  settings,
  onChange,
  body,
  error,
}: {
  settings: GifSettings;
  onChange: (patch: Partial<GifSettings>) => void;
  body: Record<string, unknown>;
  error: unknown;
}) {
  const problems = gifSettingsProblems(body);
  const longest = GIF_QUALITY_PRESETS[settings.quality].maxSeconds;
  return (
    <>
      <SelectField
        label="Quality"
        value={settings.quality}
        onChange={(e) => onChange({ quality: e.target.value as GifQualityName })}
        options={QUALITY_CHOICES}
        error={problems.quality ?? fieldError(error, 'quality')}
      />
      <TextField
        label="Seconds of animation"
        type="number"
        min={GIF_MIN_SECONDS}
        max={longest}
        step={0.1}
        value={settings.seconds}
        onChange={(e) => onChange({ seconds: e.target.value })}
        error={problems.frameDurationSeconds ?? fieldError(error, 'frameDurationSeconds')}
        hint={`${GIF_MIN_SECONDS} to ${longest} at this quality; empty: the page’s longest animation.`}
      />
    </>
  );
}
