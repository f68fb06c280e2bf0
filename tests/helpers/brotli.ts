import { brotliCompressSync, constants } from 'node:zlib';

/**
 * `html` compressed as the HTML cache compresses a page at `quality` (text mode, size
 * hint), written out here rather than imported so that the tests pin the server's settings.
 */
export function brotliAt(html: Buffer, quality: number): Buffer {
  return brotliCompressSync(html, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
    },
  });
}
