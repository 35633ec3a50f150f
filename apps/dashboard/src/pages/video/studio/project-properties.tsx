import { inSeconds } from './frame-hints';
import { PROJECT_FIELD_SPECS } from './project-field-specs';
import { PropertyFields } from './property-specs';
import { errorsUnder } from './studio-errors';
import type { Project } from './timeline-model';

/**
 * What the frame counts mean in seconds at the project's frame rate (the JSON keeps frames), and what an empty
 * length or poster frame does.
 */
function projectHints(project: Project): Record<string, string> {
  const fps = project.fps > 0 ? project.fps : undefined;
  const length = project.durationInFrames;
  const poster = project.posterFrame;
  return {
    durationInFrames:
      length !== undefined && fps
        ? `= ${inSeconds(length, fps)} at ${fps} frames a second. Empty: the video ends with its last clip.`
        : `Empty: the video ends with its last clip.${fps ? ` ${fps} frames make a second.` : ''}`,
    posterFrame:
      poster !== undefined && fps
        ? `The video's still picture, at ${inSeconds(poster, fps)}; the player goes to it.`
        : "The video's still picture (empty: the middle frame); the player opens on it.",
  };
}

/** The whole project's settings (shown when no clip is selected), with the server's messages beside them. */
export function ProjectProperties({
  project,
  error,
  onChange,
}: {
  project: Project;
  error: unknown;
  onChange: (path: string, value: unknown) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-2">
      <PropertyFields
        specs={PROJECT_FIELD_SPECS}
        source={project}
        errors={errorsUnder(error, 'projectJson.')}
        onChange={onChange}
        hints={projectHints(project)}
        fps={project.fps > 0 ? project.fps : undefined}
      />
    </div>
  );
}
