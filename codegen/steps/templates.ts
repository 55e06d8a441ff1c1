// Hand-written type modules in codegen/templates/ are copied into src/generated/ verbatim: the
// generators type their output with the same interfaces the app imports, defined once.
import { readFileSync } from 'node:fs';

export function templateBody(file: string): string {
  return readFileSync(new URL(`../templates/${file}`, import.meta.url), 'utf8');
}
