// Realistic mock data. orval fakes by type and format only, so a `createdAt` epoch would be any
// integer and an organisation name random letters. Before orval sees the document we annotate a
// copy of it (never the contract): x-timestamp integers get a plausible date range, and plain
// strings get a custom `format` chosen from the property name, which MOCK_FORMATS maps to faker.
// Only orval's input changes; the types come from the untouched bundle.
import { isObject } from '../extensions.ts';
import type { BundledDocument, SchemaObject } from '../openapi.ts';

/** Custom format -> faker expression, handed to orval's `override.mock.format`. */
export const MOCK_FORMATS: Record<string, string> = {
  'mock-id': 'faker.string.alphanumeric({ length: 12, casing: "lower" })',
  'mock-email': 'faker.internet.email().toLowerCase()',
  'mock-url': 'faker.internet.url()',
  'mock-image': 'faker.image.url({ width: 64, height: 64 })',
  'mock-person': 'faker.person.fullName()',
  'mock-first-name': 'faker.person.firstName()',
  'mock-last-name': 'faker.person.lastName()',
  'mock-company': 'faker.company.name()',
  'mock-app': 'faker.helpers.arrayElement(["BambooHR", "Workday", "Greenhouse", "Lever", "Salesforce", "HubSpot", "QuickBooks", "Xero", "Zendesk", "Jira", "Slack", "Google Drive"])',
  'mock-sentence': 'faker.lorem.sentence()',
  'mock-words': 'faker.lorem.words({ min: 1, max: 3 })',
  'mock-token': 'faker.string.alphanumeric(32)',
  'mock-phone': 'faker.phone.number()',
  'mock-country': 'faker.location.country()',
  'mock-city': 'faker.location.city()',
  'mock-currency': 'faker.finance.currencyCode()',
  'mock-version': 'faker.system.semver()',
  'mock-color': 'faker.color.rgb()',
  'mock-path': '"/" + faker.lorem.slug()',
  'mock-method': 'faker.helpers.arrayElement(["GET", "POST", "PUT", "PATCH", "DELETE"])',
};

/** First matching rule wins; tested against the property name. */
const STRING_RULES: [RegExp, string][] = [
  [/email$/i, 'mock-email'],
  [/(logo|icon|image|avatar|picture)(url)?$/i, 'mock-image'],
  [/(url|uri|link|href|endpoint)$/i, 'mock-url'],
  [/^(id|.*Id|.*_id|uuid|.*Key)$/, 'mock-id'],
  [/^first_?name$/i, 'mock-first-name'],
  [/^last_?name$/i, 'mock-last-name'],
  [/^(name|fullName|userName|displayName|.*By|owner|author)$/i, 'mock-person'],
  [/(organi[sz]ation|company|orgName|customer)(Name)?$/i, 'mock-company'],
  [/^(app|appName|appLabel|application|integration|integrationName)$/i, 'mock-app'],
  [/(token|secret|apiKey|signature|hash)$/i, 'mock-token'],
  [/phone/i, 'mock-phone'],
  [/country/i, 'mock-country'],
  [/city$/i, 'mock-city'],
  [/currency(_code|Code)?$/i, 'mock-currency'],
  [/version$/i, 'mock-version'],
  [/colou?r$/i, 'mock-color'],
  [/^(method|httpMethod)$/i, 'mock-method'],
  [/(path|route|endpoint)$/i, 'mock-path'],
  [/(description|message|msg|summary|reason|details|text|comment|note)$/i, 'mock-sentence'],
  [/(title|label|model|field|category|type|status|unit)$/i, 'mock-words'],
];

/** Integer ranges by name, for fields with no minimum/maximum of their own. */
const INTEGER_RULES: [RegExp, number, number][] = [
  [/status_?code$/i, 200, 504],
  [/(percent|percentage)$/i, 0, 100],
  [/(count|total|size|calls|records|number)$|^(events|num|total)/i, 0, 500],
  [/(duration|latency|time)(ms)?$/i, 5, 5000],
];

const YEAR_MS = 365 * 24 * 3600 * 1000;
/** A fixed window (not "now"), so the annotated input, and so the output, is deterministic. */
const TIMESTAMP_RANGE_MS: [number, number] = [Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 1) + 2 * YEAR_MS];

function annotateProperty(name: string, schema: SchemaObject): void {
  if (schema.$ref || schema.enum || schema.const !== undefined || schema.format || schema.pattern) return;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'integer' || type === 'number') {
    if (schema.minimum !== undefined || schema.maximum !== undefined) return;
    const unit = schema['x-timestamp'];
    if (unit === 'ms' || unit === 's') {
      const divisor = unit === 's' ? 1000 : 1;
      schema.minimum = Math.floor(TIMESTAMP_RANGE_MS[0] / divisor);
      schema.maximum = Math.floor(TIMESTAMP_RANGE_MS[1] / divisor);
      return;
    }
    const rule = INTEGER_RULES.find(([pattern]) => pattern.test(name));
    if (rule) [schema.minimum, schema.maximum] = [rule[1], rule[2]];
    return;
  }
  if (type !== 'string') return;
  const rule = STRING_RULES.find(([pattern]) => pattern.test(name));
  if (rule) schema.format = rule[1];
}

function walk(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(walk);
    return;
  }
  if (!isObject(node)) return;
  if (isObject(node.properties)) {
    for (const [name, property] of Object.entries(node.properties)) {
      if (isObject(property)) annotateProperty(name, property as SchemaObject);
    }
  }
  for (const value of Object.values(node)) walk(value);
}

/** A copy of the bundled document with mock hints; the input orval reads. */
export function mockInput(doc: BundledDocument): BundledDocument {
  const copy = structuredClone(doc);
  walk(copy.components?.schemas);
  walk(copy.paths);
  return copy;
}
