/** A one-line progress bar on stderr (redrawn on a terminal, a line per change otherwise). */
export function progressBar(stream: NodeJS.WriteStream = process.stderr): {
  update(done: number, total: number, failed: number): void;
  end(): void;
} {
  let last = '';
  return {
    update(done, total, failed) {
      const width = 30;
      const filled = total === 0 ? width : Math.round((done / total) * width);
      const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}${failed ? ` (${failed} failed)` : ''}`;
      if (line === last) return;
      last = line;
      stream.write(stream.isTTY ? `\r${line}` : `${line}\n`);
    },
    end() {
      if (stream.isTTY && last) stream.write('\n');
    },
  };
}
