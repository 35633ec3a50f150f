import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { listEveryTemplate, templateKeys } from '../../api/templates';
import { TextField } from '../../kit/field';
import { SelectField } from '../../kit/select-field';

/**
 * Every template of the workspace in `outputFormat`, by name: what a picker chooses from and what names a template
 * by its uid. Read whole (listEveryTemplate pages through them), since a first page of 100 would leave the 101st
 * unchoosable and unnamed. The same key as the gallery's search by name, so one read serves both.
 */
export function useEveryTemplate(outputFormat: 'all' | 'image') {
  return useQuery({
    queryKey: templateKeys.list({ sort: 'name', outputFormat, every: true }),
    queryFn: () => listEveryTemplate({ sort: 'name', outputFormat }),
  });
}

/** Past this many templates, a list to scroll is long: a box to find one by name narrows it. */
const FIND_FROM = 30;

/**
 * The template a binding or a batch renders: a list to choose from, or, when the workspace has no image
 * template yet, where to make one (an empty list to choose from would say nothing). A long list has a box above it
 * that narrows it to the names holding what is typed (the chosen one stays, so the select never shows another).
 */
export function TemplateChoice({
  templates,
  value,
  onChange,
  renders,
  error,
}: {
  /** The workspace's templates to choose from (useEveryTemplate); undefined while they load. */
  templates: ReadonlyArray<{ uid: string; name: string }> | undefined;
  value: string;
  onChange: (uid: string) => void;
  /** What renders the template, for the empty state: "a binding renders one". */
  renders: string;
  /** The API's refusal of the chosen template (ApiError.fieldError), shown beside the list. */
  error?: string | undefined;
}) {
  const [find, setFind] = useState('');
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
  const all = templates ?? [];
  const long = all.length > FIND_FROM;
  const term = find.trim().toLowerCase();
  const shown = long && term ? all.filter((t) => t.uid === value || t.name.toLowerCase().includes(term)) : all;
  const matches = shown.filter((t) => t.name.toLowerCase().includes(term)).length;
  return (
    <>
      {long && (
        <TextField
          label="Find a template by name"
          type="search"
          value={find}
          onChange={(e) => setFind(e.target.value)}
          // Enter here narrows the list; it does not submit the form around it.
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
          hint={term ? `${matches} of ${all.length} templates match: choose one in Template below.` : `${all.length} templates.`}
        />
      )}
      <SelectField
        label="Template"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        options={shown.map((t) => [t.uid, t.name] as const)}
        error={error}
      />
    </>
  );
}
