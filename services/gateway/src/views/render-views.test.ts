import type { RenderRow } from '@pressroom/db';
import { gifView } from './gif-view.js';
import { imageView } from './image-view.js';
import { pdfView } from './pdf-view.js';
import { renderDetail, renderHistoryItem } from './render-history-view.js';

const row: RenderRow = {
  id: 'img_1',
  ownerId: 'acc_1',
  accountId: 'acc_1',
  kind: 'image',
  origin: 'template',
  via: null,
  state: 'done',
  templateId: 'tpl_1',
  format: 'png',
  width: 20,
  height: 10,
  url: 'http://x/files/img_1.png',
  storageKey: 'renders/img_1.png',
  contentType: 'image/png',
  error: null,
  cost: 1,
  details: null,
  userStorageUrl: null,
  userStorageError: null,
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
  startedAt: new Date('2026-01-01T00:00:00.100Z'),
  completedAt: new Date('2026-01-01T00:00:00.300Z'),
};

describe('render views', () => {
  it('show a GET /r/ render as a template render, with how it was asked for as parameters.via', () => {
    for (const via of ['url-render', 'signed-url'] as const) {
      const urlRender = { ...row, via };
      expect(imageView(urlRender).source).toBe('template');
      expect(renderDetail(urlRender, 'http://x/errors').parameters).toMatchObject({ origin: 'template', via, templateUid: 'tpl_1' });
    }
  });

  it('name the batch row a render was made for, its layout only when the batch has several, and no batch otherwise', () => {
    const batchRender: RenderRow = { ...row, origin: 'batch' };
    expect(renderDetail(batchRender, 'http://x/errors', null, { batchId: 'bat_1', rowIndex: 2, layout: null }).batch).toEqual({
      id: 'bat_1',
      index: 2,
    });
    expect(renderDetail(batchRender, 'http://x/errors', null, { batchId: 'bat_1', rowIndex: 0, layout: 'square' }).batch).toEqual({
      id: 'bat_1',
      index: 0,
      layout: 'square',
    });
    expect(renderDetail(row, 'http://x/errors')).not.toHaveProperty('batch');
  });

  it('show every origin as the row has it, with no via', () => {
    expect(imageView({ ...row, origin: 'canvas' }).source).toBe('canvas');
    expect(gifView({ ...row, kind: 'gif', origin: 'capture' }).source).toBe('capture');
    expect(pdfView({ ...row, kind: 'pdf', origin: 'html' }).source).toBe('html');
    const parameters = renderDetail({ ...row, origin: 'html', templateId: null }, 'http://x/errors').parameters;
    expect(parameters).toMatchObject({ origin: 'html', templateUid: null });
    expect(parameters).not.toHaveProperty('via');
  });

  it('give a list still for images, GIFs and videos (the poster frame), none for PDFs or unfinished renders', () => {
    const video: RenderRow = {
      ...row,
      id: 'vid_1',
      kind: 'video',
      format: 'mp4',
      url: 'http://x/files/vid_1.mp4',
      details: { posterUrl: 'http://x/files/vid_1.poster.png', posterFrame: 0 },
    };
    expect(renderHistoryItem(row).thumbnailUrl).toBe(row.url);
    expect(renderHistoryItem({ ...row, kind: 'gif' }).thumbnailUrl).toBe(row.url);
    expect(renderHistoryItem(video).thumbnailUrl).toBe('http://x/files/vid_1.poster.png');
    // The video file stays the render's url; the poster is only the still.
    expect(renderHistoryItem(video).url).toBe('http://x/files/vid_1.mp4');
    expect(renderHistoryItem({ ...video, details: null }).thumbnailUrl).toBeNull();
    expect(renderHistoryItem({ ...video, state: 'rendering', completedAt: null }).thumbnailUrl).toBeNull();
    expect(renderHistoryItem({ ...row, kind: 'pdf' }).thumbnailUrl).toBeNull();
  });
});
