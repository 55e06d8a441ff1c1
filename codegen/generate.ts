// npm run codegen        -> regenerate src/generated/ from openapi/
// npm run codegen:check  -> regenerate into a temp folder and fail if src/generated/ differs
// Options: --contract <dir> (default openapi/), --out <dir> (default src/generated/), so tests can
// run the pipeline on a temporary copy without touching the repo.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodegenError } from './extensions.ts';
import { compareTrees, generateAll, writeTree } from './pipeline.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));

interface Args {
  check: boolean;
  contract: string;
  out: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { check: false, contract: join(REPO, 'openapi'), out: join(REPO, 'src', 'generated') };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--check') args.check = true;
    else if (arg === '--contract' || arg === '--out') {
      const value = argv[++i];
      if (!value) throw new CodegenError([`${arg} needs a folder`]);
      args[arg === '--contract' ? 'contract' : 'out'] = resolve(value);
    } else throw new CodegenError([`unknown argument '${arg}' (use --check, --contract <dir>, --out <dir>)`]);
  }
  return args;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const files = await generateAll(args.contract);
  const shown = relative(process.cwd(), args.out) || '.';
  if (!args.check) {
    const { written, deleted } = writeTree(args.out, files);
    for (const path of written) console.log(`  wrote   ${path}`);
    for (const path of deleted) console.log(`  deleted ${path}`);
    console.log(`codegen: ${files.size} files in ${shown} (${written.length} written, ${deleted.length} deleted) in ${Date.now() - started} ms`);
    return 0;
  }
  const fresh = mkdtempSync(join(tmpdir(), 'codegen-check-'));
  try {
    writeTree(fresh, files);
    const diff = compareTrees(fresh, args.out);
    const lines = [
      ...diff.changed.map((path) => `  changed  ${path}`),
      ...diff.missing.map((path) => `  missing  ${path}`),
      ...diff.orphaned.map((path) => `  orphaned ${path}`),
    ];
    if (lines.length === 0) {
      console.log(`codegen:check: ${shown} is up to date (${files.size} files)`);
      return 0;
    }
    console.error(`codegen:check: ${shown} differs from a fresh run of codegen:\n${lines.join('\n')}`);
    console.error('Run `npm run codegen` and commit the result (never edit generated files by hand).');
    return 1;
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof CodegenError ? error.message : error);
    process.exit(1);
  },
);
