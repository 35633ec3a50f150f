import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { photoJpeg } from './photo-card.js';

const FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

export interface AssetServer {
  fontUrl: string;
  photoUrl: string;
  server: Server;
}

/**
 * The cards' web font and photo, served from 127.0.0.2 (an address the bench
 * API's allow-list admits) with a cache lifetime, as a CDN would serve them.
 */
export async function startAssetServer(): Promise<AssetServer> {
  const files: Record<string, { type: string; body: Buffer }> = {
    '/card.ttf': { type: 'font/ttf', body: readFileSync(FONT_FILE) },
    '/photo.jpg': { type: 'image/jpeg', body: await photoJpeg() },
  };
  const server = createServer((req, res) => {
    const file = files[req.url ?? ''];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'max-age=3600' }).end(file.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.2', r));
  const origin = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
  return { fontUrl: `${origin}/card.ttf`, photoUrl: `${origin}/photo.jpg`, server };
}
