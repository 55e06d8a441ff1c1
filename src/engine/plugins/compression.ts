import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

// Responses the engine builds (JSON calls, index.html) are compressed for browsers that accept it:
// brotli at quality 2, else gzip. A page of a list is a few kB of repetitive JSON that shrinks
// about six times for ~20 µs of CPU at quality 2; quality 4 saved another 10% of bytes for 150 µs a
// request in the engine (the bench's CPU per request of a logs page went 0.44 -> 0.71 ms), more
// than the list call itself costs. Bodies under 1 kB go as they are (the
// headers would weigh more than the saving). The dashboard's files are compressed once at build
// (vite.config.ts) and sent as they are stored (plugins/dashboard.ts); a reply that already carries
// a Content-Encoding is left alone.
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_LGWIN]: 18 } },
    zlibOptions: { level: 6 },
  });
}
