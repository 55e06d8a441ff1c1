// Builds the knit-auth web component (src/auth-component) into one ES module,
// dist/auth-component/knit-auth.js, with the brotli and gzip files the engine sends in its place
// (plugins/authComponent.ts). Its own bundle: nothing of the dashboard, React or MUI goes in, and
// its size is checked against bench/budgets.json (authComponent) by npm run check:budgets.
import { mkdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { AUTH_COMPONENT_SCRIPT_PATH } from '../src/shared/embedSnippets.ts';

const outDir = process.argv[2] ?? 'dist/auth-component';
const outFile = join(outDir, AUTH_COMPONENT_SCRIPT_PATH.slice(1));

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const result = await build({
  entryPoints: ['src/auth-component/index.ts'],
  outfile: outFile,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  // Browsers with custom elements, shadow DOM, private class fields and import.meta (2021 on).
  target: ['chrome92', 'edge92', 'firefox90', 'safari15'],
  minify: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
const forbidden = Object.keys(result.metafile.inputs).filter((input) => /(^|\/)(src\/dashboard|node_modules\/(react|react-dom|@mui|@emotion))\//.test(input));
if (forbidden.length > 0) throw new Error(`The knit-auth bundle must not contain dashboard, React or MUI code: ${forbidden.join(', ')}`);

const script = readFileSync(outFile);
writeFileSync(`${outFile}.br`, brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }));
writeFileSync(`${outFile}.gz`, gzipSync(script, { level: 9 }));
console.log(`knit-auth: ${outFile} ${(script.length / 1000).toFixed(1)} kB, ${(gzipSync(script, { level: 9 }).length / 1000).toFixed(1)} kB gzip`);
