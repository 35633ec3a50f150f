import { GifRequest } from '@pressroom/contracts';

/** The body fields of the GIF settings (gif-settings.ts), each refused (or not) beside its own field. */
export const GIF_SETTING_FIELDS = ['quality', 'frameDurationSeconds'] as const;
export type GifSettingField = (typeof GIF_SETTING_FIELDS)[number];

/**
 * What the API's own rule (the POST /gif schema of libs/contracts) says of the settings in `body`, the request as it
 * would be sent, in the words its refusal would use: said beside the fields while typing, not after a round trip.
 */
export function gifSettingsProblems(body: Record<string, unknown>): Partial<Record<GifSettingField, string>> {
  const result = GifRequest.safeParse(body);
  const problems: Partial<Record<GifSettingField, string>> = {};
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const field = GIF_SETTING_FIELDS.find((name) => issue.path.length === 1 && issue.path[0] === name);
    if (field && problems[field] === undefined) problems[field] = issue.message;
  }
  return problems;
}
