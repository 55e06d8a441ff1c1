import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

// Responses the engine builds (JSON calls, index.html) are compressed for browsers that accept it:
// brotli at quality 1 with a 64 kB window, else gzip. A page of a list is a few kB of repetitive
// JSON that shrinks about six times (4.6 kB -> 0.74 kB) for ~30 µs of engine CPU; quality 2 saved
// 6% more bytes for ~70 µs and quality 4 15% more for ~150 µs, more than the list call itself
// (measured in the bench's CPU per request of a logs page). Bodies under 1 kB go as they are (the
// headers would weigh more than the saving). The dashboard's files are compressed once at build
// (vite.config.ts) and sent as they are stored (plugins/dashboard.ts); a reply that already carries
// a Content-Encoding is left alone.
// Bodies up to 64 kB (every page of a list) are compressed in one synchronous call: the library's
// default on a 2-core machine is 8 kB, above which it builds a zlib stream per response, which
// cost a 10 kB organizations page about 0.3 ms of engine CPU against 0.03 ms in one call.
export const COMPRESSION_THRESHOLD_BYTES = 1024;
const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 16 } },
    zlibOptions: { level: 6 },
  });
}
