export { crc32 } from './crc32.js';
export { zipStream, ZipLimitError, type ZipEntry } from './zip-stream.js';
