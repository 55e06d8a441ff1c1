// x-form -> src/generated/validators/<formName>.js (+ .d.ts): the form's schema compiled by ajv at
// codegen into plain functions (ajv's standalone code), for rjsf's precompiled-validator mode and
// the sign-up screen's own small form. The dashboard then ships no ajv compiler (~40 kB) and needs
// no 'unsafe-eval' in its Content-Security-Policy: ajv compiles with `new Function`.
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import { hashForSchema, schemaParser, type RJSFSchema } from '@rjsf/utils';
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { CodegenError } from '../extensions.ts';
import type { GeneratedFile } from '../pipeline.ts';
import type { FormDraft } from './forms.ts';

export const FORM_VALIDATORS_GENERATOR = 'codegen/generators/formValidators.ts';

/**
 * The ajv options of the dashboard's form validation, the same rules as the engine's: every error
 * reported (each field shows its own message), ajv-formats' formats the contract uses.
 */
const AJV_OPTIONS = { allErrors: true };
const FORMAT_OPTIONS: Parameters<typeof createAjvInstance>[3] = { formats: ['email', 'uri', 'date-time', 'date', 'time'] };

/** ajv's runtime helpers the standalone code requires (CommonJS), imported as ES modules instead. */
const RUNTIME_REQUIRE = /require\("(ajv\/dist\/runtime\/[a-z0-9_]+)"\)\.default/g;
/** Formats defined by a function (uri) are referenced through this name (code.formats below), imported from ajv-formats. */
const FORMATS_NAME = 'formats';

export const validatorsModule = (formName: string) => `../validators/${formName}.js`;

/** The standalone code of one form: every schema rjsf may validate (the form's and its sub-schemas). */
function compile(form: FormDraft): { code: string; root: string } {
  const schema = form.schema as RJSFSchema;
  const bySchemaKey = schemaParser(schema);
  const keys = Object.keys(bySchemaKey);
  const ajv = createAjvInstance(
    undefined,
    undefined,
    // ES module output; code.formats names the formats object instead of a require() of ajv-formats.
    { ...AJV_OPTIONS, schemas: Object.values(bySchemaKey), code: { esm: true, lines: true, source: true, formats: _`formats` } },
    FORMAT_OPTIONS,
  );
  // Schema keys are rjsf's hashes (`-a75bcc5`), not identifiers: export under index names, mapped below.
  const code: string = standaloneCode(ajv, Object.fromEntries(keys.map((key, index) => [`validate${index}Export`, key])));
  return { code: code.replace(/^"use strict";/, '').replace(/export const (validate\d+Export) = /g, 'const $1 = '), root: hashForSchema(schema) };
}

function importsOf(code: string, where: string): { imports: string[]; code: string } {
  const imports: string[] = [];
  const names = new Map<string, string>();
  const body = code.replace(RUNTIME_REQUIRE, (_match, module: string) => {
    let name = names.get(module);
    if (!name) {
      name = `runtime${names.size}`;
      names.set(module, name);
      // A CommonJS module with `exports.default`: bundlers hand its default import over either as that
      // function or as the whole exports object, so the generated code takes whichever it gets.
      imports.push(`import ${name}Module from '${module}.js';`, `const ${name} = ${name}Module.default ?? ${name}Module;`);
    }
    return name;
  });
  if (/\brequire\(/.test(body)) throw new CodegenError([`${where}: ajv's standalone code requires a module codegen does not import`]);
  if (new RegExp(`\\b${FORMATS_NAME}[.[]`).test(body)) imports.push(`import { fullFormats as ${FORMATS_NAME} } from 'ajv-formats/dist/formats.js';`);
  return { imports, code: body };
}

/** validators/<form>.js and its declaration file. */
export function renderFormValidators(form: FormDraft): GeneratedFile[] {
  const { code, root } = compile(form);
  const { imports, code: body } = importsOf(code, `form ${form.name}`);
  const keys = Object.keys(schemaParser(form.schema as RJSFSchema));
  const js = [
    ...imports,
    '',
    body.trim(),
    '',
    `/** The validate function of each schema rjsf may check, by its key (rjsf's hashForSchema). */`,
    `export const validators = {`,
    ...keys.map((key, index) => `  ${JSON.stringify(key)}: validate${index}Export,`),
    `};`,
    '',
    `/** The key of the form's own schema in validators. */`,
    `export const rootKey = ${JSON.stringify(root)};`,
    '',
  ].join('\n');
  const declaration = [
    `import type { ValidatorFunctions } from '@rjsf/validator-ajv8';`,
    '',
    `/** The ${form.name} form's schema and sub-schemas, compiled by ajv at codegen. */`,
    `export declare const validators: ValidatorFunctions;`,
    `export declare const rootKey: string;`,
    '',
  ].join('\n');
  return [
    { path: `validators/${form.name}.js`, generator: FORM_VALIDATORS_GENERATOR, body: js },
    { path: `validators/${form.name}.d.ts`, generator: FORM_VALIDATORS_GENERATOR, body: declaration },
  ];
}
