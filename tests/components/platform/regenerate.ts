// Runs the codegen pipeline (generateAll, then writeTree) on a contract folder into an output
// folder, in a plain node process: the components project runs in jsdom, whose URL class the
// pipeline's node-only steps (fileURLToPath of import.meta.url) cannot use.
// Usage: node --import tsx tests/components/platform/regenerate.ts <contractDir> <outDir>
import { generateAll, writeTree } from '../../../codegen/pipeline.ts';

const [contract, out] = process.argv.slice(2);
if (!contract || !out) {
  console.error('usage: regenerate.ts <contractDir> <outDir>');
  process.exit(2);
}
const files = await generateAll(contract);
const { written, deleted } = writeTree(out, files);
console.log(JSON.stringify({ files: [...files.keys()], written, deleted }));
