#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { runCli } from './commands.js';

const USAGE = `pressroom: render images, GIFs and PDFs with a Pressroom server.

  pressroom render page.html -o card.png        render a local HTML file
  pressroom render --url https://example.com -o shot.png
  pressroom render --template <uid> --var name=value -o card.png
  pressroom gif page.html -o anim.gif [--width 600 --height 400]
  pressroom pdf page.html -o doc.pdf [--preset A4]
  pressroom batch <template uid> rows.csv --out dir/
  pressroom templates list | get <uid> | push file.html [--name N] [--uid U]

Options: --width, --height, --format png|jpg|webp, --quality, --preset, --json
Environment: PRESSROOM_API_KEY (required), PRESSROOM_URL (default http://localhost:8080)
Exit codes: 0 done, 1 the API refused (problem shown), 2 bad usage, 3 server unreachable or cut off, 4 a render failed.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    output: { type: 'string', short: 'o' },
    out: { type: 'string' },
    url: { type: 'string' },
    template: { type: 'string' },
    var: { type: 'string', multiple: true },
    width: { type: 'string' },
    height: { type: 'string' },
    format: { type: 'string' },
    quality: { type: 'string' },
    preset: { type: 'string' },
    name: { type: 'string' },
    uid: { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
  strict: false,
});

if (values.help || positionals.length === 0) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(values.help ? 0 : 2);
}
process.exitCode = await runCli(positionals, values, {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
});
