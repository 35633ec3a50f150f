import { archiveDisposition, archiveFileName } from './archive-file-name.js';

describe('a batch ZIP’s file name', () => {
  const created = new Date('2026-12-05T22:30:00Z');

  it('names the ZIP after the template and the day the batch was made', () => {
    expect(archiveFileName('Course certificate', created)).toBe('Course certificate-2026-12-05.zip');
  });

  it('replaces what file systems refuse, and falls back to "batch"', () => {
    expect(archiveFileName('A/B: "final" <v2>?', created)).toBe('A-B- -final- -v2-2026-12-05.zip');
    expect(archiveFileName('..hidden', created)).toBe('hidden-2026-12-05.zip');
    expect(archiveFileName(' / ', created)).toBe('batch-2026-12-05.zip');
    expect(archiveFileName(null, created)).toBe('batch-2026-12-05.zip');
    expect(archiveFileName('x'.repeat(100), created)).toBe(`${'x'.repeat(60)}-2026-12-05.zip`);
  });

  it('keeps the id as filename and gives the readable name, encoded, as filename*', () => {
    expect(archiveDisposition('bat_1', 'Zoë’s (final) certificate-2026-12-05.zip')).toBe(
      `attachment; filename="bat_1.zip"; filename*=UTF-8''Zo%C3%AB%E2%80%99s%20%28final%29%20certificate-2026-12-05.zip`,
    );
  });
});
