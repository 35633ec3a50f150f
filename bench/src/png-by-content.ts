import { CompressionType, FilterType, Transformer } from '@napi-rs/image';
import { DRAWN_REPEAT_SHARE, repeatShare } from '@pressroom/browser';

/**
 * A PNG candidate (issue 18 item 2): @napi-rs/image decodes Chromium's fast
 * PNG once, the decoded pixels are classified by their exact repeats
 * (repeatShare), and the same decoded picture is encoded the way that suits
 * it: unfiltered with @napi-rs/image's default deflate (match search) for drawn
 * content, or filtered adaptively with its fast deflate (no match search) for
 * photographic content. Each of those two alone fails one of the two cards
 * (docs/benchmarks.md, "PNG size").
 */
export async function pngByContent(fast: Buffer): Promise<Buffer> {
  const picture = new Transformer(fast);
  // The Transformer keeps the decoded picture: the encode below does not decode again (measured).
  const pixels = await picture.rawPixels();
  const width = fast.readUInt32BE(16);
  const height = fast.readUInt32BE(20);
  const bpp = pixels.length / (width * height);
  const drawn = repeatShare({ data: pixels, height, stride: width * bpp, skip: 0, bpp }) >= DRAWN_REPEAT_SHARE;
  return picture.png(
    drawn
      ? { compressionType: CompressionType.Default, filterType: FilterType.NoFilter }
      : { compressionType: CompressionType.Fast, filterType: FilterType.Adaptive },
  );
}
