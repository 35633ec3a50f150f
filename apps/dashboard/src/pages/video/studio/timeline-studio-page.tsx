import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlayerRef } from '@remotion/player';
import { checkTimelineProject } from '@pressroom/video/timeline';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { carriedTriedValues } from '../../templates/canvas/variables/carried-values';
import { designFontsOf, useAccountFonts } from '../../assets/account-fonts';
import type { VariableDefinition } from '../../../api/templates';
import { getVideoTemplate, updateVideoTemplate, videoKeys, type VideoTemplate } from '../../../api/video';
import { ApiError } from '../../../api/problem';
import { Alert } from '../../../kit/alert';
import { Button } from '../../../kit/button';
import { TextField } from '../../../kit/field';
import { fieldError } from '../../../kit/form';
import { LiveMessage } from '../../../kit/live-message';
import { Page } from '../../../kit/page';
import { QueryState } from '../../../kit/query-state';
import { SelectField } from '../../../kit/select-field';
import { ClipProperties } from './clip-properties';
import { PendingFieldsContext, usePendingFields } from '../../../kit/pending-fields';
import { CLIP_TYPE_NAMES } from './clip-type-names';
import { ProjectProperties } from './project-properties';
import { RenderPanel } from './render-panel';
import { StudioBanner } from './studio-banner';
import { standsBeside, studioFieldName } from './studio-field-names';
import { StudioPlayer } from './studio-player';
import { TimelineEditor } from './timeline-editor';
import { UnsavedChangesGuard } from '../../../kit/unsaved-changes';
import { saveShortcutProps, useSaveShortcut } from '../../../kit/use-save-shortcut';
import { VariablesPanel } from './variables-panel';
import {
  addClip,
  addTrack,
  clipAt,
  CLIP_TYPES,
  newClip,
  removeClip,
  removeTrack,
  setClipProperty,
  setProjectProperty,
  trackEnd,
  type ClipRef,
  type ClipType,
  type Project,
} from './timeline-model';
import { definitionsFor, fontsUsedBy, playerValues, type StudioFont } from './timeline-variables';

/** The frame the render's poster draws (libs/video renderer): the project's `posterFrame`, else the middle frame. */
export function posterFrameOf(project: Project): number {
  const checked = checkTimelineProject(project);
  if (!checked.ok) return 0;
  const last = checked.meta.durationInFrames - 1;
  return Math.max(0, Math.min(last, checked.project.posterFrame ?? Math.floor(last / 2)));
}

/** Beside Save when a field holds text it refused: the reason stands beside the field, which gets focus. */
const HELD = 'The timeline was not saved: check the highlighted field.';

/** The timeline studio of one timeline video template (`/app/video/templates/:uid/timeline`). */
export default function TimelineStudioPage() {
  const { uid = '' } = useParams();
  const template = useQuery({ queryKey: videoKeys.one(uid), queryFn: () => getVideoTemplate(uid) });
  return (
    <QueryState query={template}>
      {(t) =>
        t.kind === 'timeline' && t.projectJson ? (
          <Studio key={t.uid} template={t} />
        ) : (
          <Page title={t.name}>
            <Alert tone="info">
              This is a code template: <Link to={`/video/templates/${encodeURIComponent(t.uid)}/code`}>open it in the code editor</Link>.
            </Alert>
          </Page>
        )
      }
    </QueryState>
  );
}

function Studio({ template }: { template: VideoTemplate }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(template.name);
  const [project, setProject] = useState<Project>(template.projectJson!);
  const [definitions, setDefinitions] = useState<VariableDefinition[]>(template.variableDefinitions);
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<ClipRef | null>(null);
  const [selectedTrack, setSelectedTrack] = useState(0);
  const [clipType, setClipType] = useState<ClipType>('text');
  // A failed render's "Render again" brings the values that render used (carried-values.ts): they are the try values.
  const location = useLocation();
  const [carried] = useState(() => carriedTriedValues(location.state));
  const [tried, setTried] = useState<Record<string, string>>(carried ?? {});
  // The studio opens on the poster frame, as a render's poster PNG draws it: frame 0 of a design that fades in (the
  // starter's headline does) is only its background, which looked like an empty frame.
  const [frame, setFrame] = useState(() => posterFrameOf(template.projectJson!));
  const [renderError, setRenderError] = useState<unknown>(null);
  const player = useRef<PlayerRef | null>(null);
  // Setting Poster frame shows that frame in the player (what a render's poster will draw), not only at the next load.
  const posterSetting = project.posterFrame;
  const posterAt = useMemo(() => posterFrameOf(project), [project]);
  const posterShown = useRef(posterSetting);
  useEffect(() => {
    if (posterShown.current === posterSetting) return;
    posterShown.current = posterSetting;
    if (posterSetting === undefined) return;
    player.current?.pause();
    player.current?.seekTo(posterAt);
    setFrame(posterAt);
  }, [posterSetting, posterAt]);

  // The project as last edited, ahead of the next render: Save applies a field's typed text and saves in one go.
  const latest = useRef(project);
  const edit = (next: Project) => {
    latest.current = next;
    setProject(next);
    setDirty(true);
  };
  /**
   * Before a save, what the fields hold as typed is applied (seconds become frames), so what the person sees is what is
   * saved; false, with focus on the field and the reason beside Save, when a field holds text it refused ("abc").
   */
  const { api: pending, held, settle: settleFields } = usePendingFields();
  const save = useMutation({
    mutationFn: () =>
      updateVideoTemplate(template.uid, {
        name,
        projectJson: latest.current,
        variableDefinitions: definitionsFor(latest.current, definitions),
      }),
    onSuccess: (saved) => {
      setDefinitions(saved.variableDefinitions);
      setDirty(false);
      queryClient.setQueryData(videoKeys.one(template.uid), saved);
      void queryClient.invalidateQueries({ queryKey: videoKeys.all, exact: false, refetchType: 'none' });
    },
  });
  // A refused save takes focus to the first field it marked, as the kit's forms do (the banner says to look there).
  useEffect(() => {
    if (save.error instanceof ApiError && save.error.isValidation)
      document.querySelector<HTMLElement>('main [aria-invalid="true"]')?.focus();
  }, [save.error]);
  const saveNow = async () => {
    if (!settleFields()) return false;
    try {
      await save.mutateAsync();
      return true;
    } catch {
      return false;
    }
  };
  // Ctrl+S (Cmd+S) is Save itself, with focus in a field too: what the field holds as typed is applied or refused first.
  useSaveShortcut(() => void saveNow(), { disabled: save.isPending });
  const values = useMemo(() => playerValues(definitions, tried), [definitions, tried]);
  const accountFonts = useAccountFonts();
  // Kept as one value while the set of fonts is the same: the composition registers its fonts once, when it mounts.
  const fontsKey = JSON.stringify(fontsUsedBy(project, designFontsOf(accountFonts.data?.assets ?? [])));
  const fonts = useMemo(() => JSON.parse(fontsKey) as StudioFont[], [fontsKey]);
  const onFrame = useCallback((f: number) => setFrame(f), []);
  const clip = selected ? clipAt(project, selected) : undefined;
  const error = save.error ?? renderError;
  // Errors beside a field the panel shows now (the selected clip's, or the project's when none is selected).
  const besideAField = (field: string) => standsBeside(field, project, selected);
  const nameOf = (field: string) => studioFieldName(field, project);

  const add = () => {
    // The size the renderer gives the project (a preset resolved), so a new clip fits a 9:16 project too.
    const checked = checkTimelineProject(project);
    const size = checked.ok ? checked.meta : { width: project.width ?? 1920, height: project.height ?? 1080 };
    const { project: next, ref } = addClip(project, selectedTrack, newClip(clipType, trackEnd(project, selectedTrack), project.fps, size));
    edit(next);
    setSelected(ref);
  };

  return (
    <Page
      title={`Timeline: ${name}`}
      actions={
        <>
          {/* Beside Save, as the canvas editor says it: an empty line of its own left a gap under the heading. */}
          <LiveMessage inline tone={held ? 'error' : 'neutral'} politeness="polite" className="self-center">
            {save.isPending ? 'Saving…' : held ? HELD : dirty ? 'Unsaved changes.' : save.isSuccess ? 'Saved.' : ''}
          </LiveMessage>
          <Link className="self-center text-sm text-indigo-700 underline" to="/video">
            All video templates
          </Link>
          <Button busy={save.isPending} onClick={() => void saveNow()} {...saveShortcutProps()}>
            Save
          </Button>
        </>
      }
    >
      <UnsavedChangesGuard dirty={dirty} description="The timeline has changes that are not saved yet." />
      {error != null && <StudioBanner error={error} saving={save.error != null} beside={besideAField} nameOf={nameOf} />}
      <TextField
        label="Template name"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setDirty(true);
        }}
        error={fieldError(save.error, 'name')}
      />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-2">
          <StudioPlayer
            project={project}
            values={values}
            fonts={fonts}
            playerRef={player}
            openAt={frame}
            onFrame={onFrame}
            refused={save.error}
            nameOf={nameOf}
          />
          <p className="text-xs text-slate-600">
            The player shows the video as a render will make it. Video and audio clips play from their addresses in this browser; a render
            fetches them again on the server, which may refuse an address this browser reaches.
          </p>
          <div className="flex flex-wrap items-end gap-2" role="toolbar" aria-label="Add to the timeline">
            <Button variant="secondary" onClick={() => edit(addTrack(project))}>
              Add track
            </Button>
            <SelectField
              label="Clip type"
              value={clipType}
              onChange={(e) => setClipType(e.target.value as ClipType)}
              options={CLIP_TYPES.map((t) => [t, CLIP_TYPE_NAMES[t]] as const)}
            />
            <Button variant="secondary" onClick={add}>
              Add clip to track {selectedTrack + 1}
            </Button>
            <Button
              variant="ghost"
              disabled={project.tracks.length <= 1}
              onClick={() => {
                edit(removeTrack(project, selectedTrack));
                setSelected(null);
                setSelectedTrack(0);
              }}
            >
              Delete track {selectedTrack + 1}
            </Button>
          </div>
          <TimelineEditor
            project={project}
            selected={selected}
            selectedTrack={selectedTrack}
            frame={frame}
            onSelect={(ref) => {
              setSelected(ref);
              if (ref) setSelectedTrack(ref.track);
            }}
            onSelectTrack={setSelectedTrack}
            onChange={edit}
            onSeek={(f) => {
              player.current?.seekTo(f);
              setFrame(f);
            }}
          />
        </div>
        <section aria-label="Properties" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-lg font-semibold">{clip ? 'Clip properties' : 'Project properties'}</h2>
            {clip && (
              <Button variant="ghost" onClick={() => setSelected(null)}>
                Show project
              </Button>
            )}
          </div>
          {/* The fields Save asks for their typed text first (pending-fields.ts). */}
          <PendingFieldsContext.Provider value={pending}>
            {clip && selected ? (
              <ClipProperties
                clip={clip}
                at={selected}
                fps={project.fps}
                error={error}
                onChange={(path, value) => edit(setClipProperty(latest.current, selected, path, value))}
                onRemove={() => {
                  edit(removeClip(project, selected));
                  setSelected(null);
                }}
              />
            ) : (
              <ProjectProperties
                project={project}
                error={error}
                onChange={(path, value) => edit(setProjectProperty(latest.current, path, value))}
              />
            )}
          </PendingFieldsContext.Provider>
        </section>
      </div>
      {carried && (
        <p role="status" className="rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
          Opened with the values the render used: they are the try values under Variables, to change or render again.
        </p>
      )}
      <VariablesPanel
        project={project}
        definitions={definitions}
        tried={tried}
        selected={selected}
        error={error}
        onDefinitions={(next) => {
          setDefinitions(next);
          setDirty(true);
        }}
        onTried={setTried}
        onProject={edit}
      />
      <RenderPanel
        uid={template.uid}
        variables={Object.fromEntries(Object.entries(tried).filter(([, v]) => v !== ''))}
        unsaved={dirty}
        beforeRender={async () => {
          setRenderError(null);
          // Typed text is applied (a change to save) or stops the render as it stops Save.
          const before = latest.current;
          if (!settleFields()) return false;
          return dirty || latest.current !== before ? saveNow() : true;
        }}
        onError={setRenderError}
      />
    </Page>
  );
}
