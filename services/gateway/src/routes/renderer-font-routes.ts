import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Router } from 'express';
import { RENDERER_FONTS } from '@pressroom/contracts/constants';
import { ProblemError } from '@pressroom/problem';

/** Where Debian's font packages put the renderer's families (fonts-noto-core, fonts-liberation2, fonts-dejavu-core). */
const FONT_DIRS = ['noto', 'liberation2', 'dejavu'].map((dir) => `/usr/share/fonts/truetype/${dir}`);

/** Each listed face's file on this machine, found once: a file the system lacks is simply not offered. */
export function rendererFontFiles(dirs: readonly string[] = FONT_DIRS): Map<string, string> {
  const files = new Map<string, string>();
  for (const family of RENDERER_FONTS)
    for (const face of family.faces) {
      const path = dirs.map((dir) => join(dir, face.file)).find((p) => existsSync(p));
      if (path) files.set(face.file, path);
    }
  return files;
}

/**
 * GET /app/fonts/<file>: the renderer's own font files (RENDERER_FONTS), so that the canvas editor draws text with
 * the faces the render uses. Public like the dashboard's other assets; a file never changes under its name
 * for a given install, so it is cached a day. Any other name is a 404 problem (only the listed names are looked up).
 */
export function rendererFontRoutes(files: Map<string, string> = rendererFontFiles()): Router {
  const router = Router();
  router.get('/app/fonts/{*file}', (req, res, next) => {
    const name = req.path.slice('/app/fonts/'.length);
    const path = files.get(name);
    if (!path) {
      return next(new ProblemError('not-found', { detail: `No renderer font ${JSON.stringify(name)} is served here.` }));
    }
    res.sendFile(path, {
      headers: { 'Content-Type': 'font/ttf', 'Access-Control-Allow-Origin': '*' },
      maxAge: 86_400_000,
      lastModified: true,
    });
  });
  return router;
}
