import { transform } from 'esbuild';

/*
 * Syntax check of a workflow step's code before it is saved. JavaScript and TypeScript go
 * through esbuild's parser (the one tsx runs the engine with), as ES modules, so the message is
 * the parser's own with its line and column. Nothing is executed. Python has no parser in the
 * Node runtime, so python steps are saved unchecked (the next test run reports their errors).
 */
type CodeLanguage = 'javascript' | 'typescript' | 'python';

/** The parser's first error as 'message (line L, column C)', or undefined when the code parses. */
export async function syntaxError(language: CodeLanguage, code: string): Promise<string | undefined> {
  if (language === 'python') return undefined;
  try {
    await transform(code, { loader: language === 'typescript' ? 'ts' : 'js', format: 'esm', logLevel: 'silent' });
    return undefined;
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { line: number; column: number } | null }[] }).errors?.[0];
    if (!first) throw error;
    return first.location ? `${first.text} (line ${first.location.line}, column ${first.location.column + 1})` : first.text;
  }
}
