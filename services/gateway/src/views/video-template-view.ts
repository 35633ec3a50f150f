import type { VariableDefinition, VideoTemplateView } from '@pressroom/contracts';
import type { VideoTemplateRow } from '@pressroom/db';

/** A video template as the API shows it; lists leave the design (`tsx` / `projectJson`) out. */
export function videoTemplateView(row: VideoTemplateRow, options: { withDesign: boolean } = { withDesign: true }): VideoTemplateView {
  return {
    uid: row.uid,
    name: row.name,
    kind: row.kind,
    width: row.width,
    height: row.height,
    fps: row.fps,
    durationInFrames: row.durationInFrames,
    durationSeconds: Math.round((row.durationInFrames / row.fps) * 1000) / 1000,
    variableDefinitions: row.variableDefinitions as VariableDefinition[],
    ...(options.withDesign && row.tsx !== null ? { tsx: row.tsx } : {}),
    ...(options.withDesign && row.projectJson !== null ? { projectJson: row.projectJson } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
