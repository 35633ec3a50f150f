import { Router } from 'express';
import { readPngThumbnail } from '@pressroom/assets';
import { TEMPLATE_THUMBNAIL_LIMITS, TemplateThumbnailUpload } from '@pressroom/contracts';
import { getTemplateVersion, listTemplateVersions, setTemplateVersionThumbnail, updateTemplate, type Db } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import type { OwnerCaches } from '@pressroom/service-runner';
import type { Storage } from '@pressroom/storage';
import { authOf } from '../http/auth.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { revisionEtag } from '../http/template-etag.js';
import { versionAuthor } from '../http/version-author.js';
import { loadTemplate } from '../renders/load-template.js';
import { deleteStoredFiles } from '../renders/delete-stored-files.js';
import { templateView } from '../views/template-view.js';
import { templateVersionView } from '../views/template-version-view.js';
import { pagesWithIds } from './template-page-ids.js';

function versionNotFound(id: string): ProblemError {
  return new ProblemError('not-found', {
    detail: `No version ${JSON.stringify(id)} of this template exists (only the last 20 saves are kept).`,
  });
}

/** Version history (docs/templates.md#versions): list, read, restore, and the editor's thumbnail of a version. */
export function templateVersionRoutes(deps: {
  db: Db;
  storage: Storage;
  publicBaseUrl: string;
  /** A restore is an edit: URL renders answered from memory forget the owner's answers. */
  owners: Pick<OwnerCaches, 'changed'>;
}): Router {
  const router = Router();

  const versionOf = async (res: Parameters<typeof authOf>[0], uid: string, id: string) => {
    const ownerId = authOf(res).ownerId;
    await loadTemplate(deps.db, { ownerId, uid }); // 404 template-not-found first
    const version = await getTemplateVersion(deps.db, { ownerId, uid, id });
    if (!version) throw versionNotFound(id);
    return version;
  };

  defineRoute(router, '/templates/:uid/versions', {
    get: handler(async (req, res) => {
      const ownerId = authOf(res).ownerId;
      const uid = String(req.params.uid);
      await loadTemplate(deps.db, { ownerId, uid });
      const versions = await listTemplateVersions(deps.db, { ownerId, uid });
      res.json({ versions: versions.map(templateVersionView) });
    }),
  });

  defineRoute(router, '/templates/:uid/versions/:id', {
    get: handler(async (req, res) => {
      const version = await versionOf(res, String(req.params.uid), String(req.params.id));
      res.json({ version: { ...templateVersionView(version), template: version.snapshot } });
    }),
  });

  defineRoute(router, '/templates/:uid/versions/:id/restore', {
    post: handler(async (req, res) => {
      const auth = authOf(res);
      const uid = String(req.params.uid);
      const version = await versionOf(res, uid, String(req.params.id));
      // Restoring is a save: the template takes the snapshot's every field and the history gains a version. Its pages
      // get ids as any save's do: a version saved before pages had them (docs/adr/0077-canvas-page-ids.md) would
      // otherwise bring back pages the editor cannot tell apart until the next save.
      const { snapshot } = version;
      const patch = { ...snapshot, pages: pagesWithIds(snapshot.pages as { id?: string }[]) };
      const saved = await updateTemplate(deps.db, { ownerId: auth.ownerId, uid, patch, version: versionAuthor(auth) });
      if (!saved?.savedVersion)
        throw new ProblemError('template-not-found', { detail: `No template with uid ${JSON.stringify(uid)} exists for this account.` });
      await deps.owners.changed(auth.ownerId, ['templates']);
      await deleteStoredFiles(deps.storage, saved.savedVersion.prunedThumbnailKeys);
      // The new revision, so an editor that restored saves on from it (docs/templates.md#conditional-saves).
      res.setHeader('ETag', revisionEtag(saved.revision));
      res.json({ template: templateView(saved), version: templateVersionView(saved.savedVersion.version) });
    }),
  });

  defineRoute(router, '/templates/:uid/versions/:id/thumbnail', {
    put: handler(async (req, res) => {
      const body = parseOrThrow(TemplateThumbnailUpload, req.body);
      const auth = authOf(res);
      const uid = String(req.params.uid);
      const id = String(req.params.id);
      await versionOf(res, uid, id);
      const png = readPngThumbnail(body.image, TEMPLATE_THUMBNAIL_LIMITS);
      // One key per version: a version's thumbnail is replaced in place, and pruning the version finds it.
      const key = `thumbnails/${uid}/${id}.png`;
      await deps.storage.put(key, png.bytes, 'image/png');
      const thumbnail = `${deps.publicBaseUrl.replace(/\/$/, '')}/files/${key}`;
      if (!(await setTemplateVersionThumbnail(deps.db, { ownerId: auth.ownerId, uid, id, thumbnail, thumbnailKey: key }))) {
        // Pruned by a save in between: the file would belong to nothing.
        await deleteStoredFiles(deps.storage, [key]);
        throw versionNotFound(id);
      }
      const version = await getTemplateVersion(deps.db, { ownerId: auth.ownerId, uid, id });
      res.json({ version: templateVersionView(version!) });
    }),
  });

  return router;
}
