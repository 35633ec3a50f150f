// How a setting counted in frames reads what is typed into it: designers think in seconds, the JSON keeps frames.

/** What a frames field says it accepts, once, under its label. */
export const FRAMES_OR_SECONDS_HINT = 'Frames, or seconds: 2.5s';

/** A plain number: a count of frames, applied as it is typed (the server judges its limits). */
const FRAME_COUNT = /^[+-]?(\d+\.?\d*|\.\d+)$/;
/** Seconds: "2s", "2 s", "2.5s". */
const SECONDS = /^(\d+\.?\d*|\.\d+)\s*s$/i;
/** Minutes and seconds: "0:02", "1:30.5". */
const MINUTES_SECONDS = /^(\d+):(\d{1,2}(?:\.\d+)?)$/;

/** Whether `text` is a plain number of frames (so it can be applied while it is typed). */
export const isFrameCount = (text: string): boolean => FRAME_COUNT.test(text.trim());

/** The seconds `text` says ("2.5s", "0:02"), or undefined when it is not written as seconds. */
function secondsIn(text: string): number | undefined {
  const seconds = SECONDS.exec(text);
  if (seconds) return Number(seconds[1]);
  const clock = MINUTES_SECONDS.exec(text);
  if (clock && Number(clock[2]) < 60) return Number(clock[1]) * 60 + Number(clock[2]);
  return undefined;
}

/**
 * What is typed into a frames field, as frames at `fps`: a plain number is frames as it is; seconds ("2s", "2 s",
 * "2.5s", "0:02") become the nearest whole frame; empty is "not set" (undefined). Anything else is refused with a
 * sentence to show beside the field.
 */
export function framesFromText(typed: string, fps: number | undefined): { frames: number | undefined } | { refusal: string } {
  const text = typed.trim();
  if (text === '') return { frames: undefined };
  if (FRAME_COUNT.test(text)) return { frames: Number(text) };
  const seconds = secondsIn(text);
  if (seconds === undefined) return { refusal: 'Type a number of frames (60) or of seconds (2.5s or 0:02).' };
  if (!fps || !(fps > 0)) return { refusal: 'Set the frames per second first: seconds are turned into frames at that rate.' };
  return { frames: Math.round(seconds * fps) };
}
