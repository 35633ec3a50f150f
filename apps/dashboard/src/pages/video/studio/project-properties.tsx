import { PROJECT_FIELD_SPECS } from './project-field-specs';
import { PropertyFields } from './property-specs';
import { errorsUnder } from './studio-errors';
import type { Project } from './timeline-model';

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
      <PropertyFields specs={PROJECT_FIELD_SPECS} source={project} errors={errorsUnder(error, 'projectJson.')} onChange={onChange} />
    </div>
  );
}
