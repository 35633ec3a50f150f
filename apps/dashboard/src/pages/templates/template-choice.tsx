import { Link } from 'react-router';
import { SelectField } from '../../kit/select-field';

/**
 * The template a binding or a batch renders: a list to choose from, or, when the workspace has no image
 * template yet, where to make one (an empty list to choose from would say nothing).
 */
export function TemplateChoice({
  templates,
  value,
  onChange,
  renders,
  error,
}: {
  /** The workspace's image templates; undefined while they load. */
  templates: ReadonlyArray<{ uid: string; name: string }> | undefined;
  value: string;
  onChange: (uid: string) => void;
  /** What renders the template, for the empty state: "a binding renders one". */
  renders: string;
  /** The API's refusal of the chosen template (ApiError.fieldError), shown beside the list. */
  error?: string | undefined;
}) {
  if (templates && templates.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        No image templates yet: {renders}. Make one under{' '}
        <Link className="text-indigo-700 underline" to="/templates">
          Templates
        </Link>
        , or copy one from the{' '}
        <Link className="text-indigo-700 underline" to="/templates/starters">
          Starter gallery
        </Link>
        .
      </p>
    );
  }
  return (
    <SelectField
      label="Template"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={(templates ?? []).map((t) => [t.uid, t.name] as const)}
      error={error}
    />
  );
}
