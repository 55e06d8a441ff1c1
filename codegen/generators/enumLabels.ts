// x-enum-labels -> src/generated/labels.ts: the values of a labelled enum schema in the contract's
// order, and how people read each, as one list and one table per schema that the engine (filter
// choices, stored states, reference data), the seed and the dashboard (selects, cells) all import,
// so a value list and its labels are written once, in the contract.
import { camelCase, type BundledDocument, type SchemaObject } from '../openapi.ts';
import { compareText, literal } from '../format.ts';
import type { GeneratedFile } from '../pipeline.ts';
import { readEnumLabels } from './resources.ts';

export const ENUM_LABELS_GENERATOR = 'codegen/generators/enumLabels.ts';

export interface EnumLabels {
  schema: string;
  values: readonly (string | number | boolean)[];
  labels: Record<string, string>;
}

/** Every schema with x-enum-labels, once per name (shared schemas are bundled into both services). */
export function collectEnumLabels(docs: readonly BundledDocument[]): { tables: EnumLabels[]; problems: string[] } {
  const problems: string[] = [];
  const byName = new Map<string, EnumLabels>();
  for (const doc of docs) {
    const schemas = (doc.components?.schemas ?? {}) as Record<string, SchemaObject>;
    for (const [name, schema] of Object.entries(schemas)) {
      if (schema['x-enum-labels'] === undefined) continue;
      const where = `schema ${name}`;
      if (!schema.enum) {
        problems.push(`${where}: x-enum-labels needs an enum`);
        continue;
      }
      const labels = readEnumLabels(schema, where, problems);
      if (!labels) continue;
      const missing = schema.enum.map(String).filter((value) => labels[value] === undefined);
      if (missing.length) problems.push(`${where}: x-enum-labels has no label for ${missing.join(', ')}`);
      const seen = byName.get(name);
      if (seen && JSON.stringify(seen.labels) !== JSON.stringify(labels)) problems.push(`${where}: two different x-enum-labels under one name`);
      byName.set(name, { schema: name, values: schema.enum as EnumLabels['values'], labels });
    }
  }
  return { tables: [...byName.values()].sort((a, b) => compareText(a.schema, b.schema)), problems };
}

export function renderEnumLabels(tables: readonly EnumLabels[]): GeneratedFile {
  const blocks = tables.map(({ schema, values, labels }) => {
    const valueType = values.map((value) => JSON.stringify(String(value))).join(' | ');
    return [
      `/** ${schema}: every value, in the contract's order. */`,
      `export const ${camelCase(schema)}Values = ${literal(values)} as const;\n`,
      `/** ${schema}: the label of each value. */`,
      `export const ${camelCase(schema)}Labels: Readonly<Record<${valueType}, string>> = ${literal(labels)};`,
    ].join('\n');
  });
  const body = [
    ...blocks,
    '',
    `/** Every labelled enum, by schema name. */`,
    `export const enumLabels = {`,
    ...tables.map(({ schema }) => `  ${schema}: ${camelCase(schema)}Labels,`),
    `} as const;`,
    '',
  ].join('\n\n').replace(/\n\n\n+/g, '\n\n');
  return { path: 'labels.ts', generator: ENUM_LABELS_GENERATOR, body };
}
