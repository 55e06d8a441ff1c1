import { describe, expect, it } from 'vitest';
import { checkResourceNames, collectResources, renderResource } from '../../../codegen/generators/resources.ts';
import { fixtureDocument, fixtureResource } from './fixtureDocument.ts';

describe('resources generator', () => {
  it('reads x-resource into a definition, resolving rows through $ref and allOf', () => {
    const { drafts, problems } = collectResources(fixtureDocument(), 'engine');
    expect(problems).toEqual([]);
    expect(drafts).toHaveLength(1);
    expect(drafts[0].definition).toEqual({
      name: 'organizations',
      service: 'engine',
      operationId: 'appGetOrganizations',
      method: 'get',
      path: '/app.getOrganizations',
      route: '/dashboard/organizations',
      rows: 'msg.organizationDetails',
      total: 'msg.orgCount',
      rowId: 'orgId',
      show: '/dashboard/organizations/{orgId}',
      paging: { style: 'pageNumber', pageSize: 25 },
      columns: [
        { source: 'organization', label: 'Organization', kind: 'text' },
        { source: 'createdAt', label: 'Created', kind: 'date', timestampUnit: 'ms' },
        { source: 'state', label: 'Status', kind: 'integrationState' },
        { label: '', kind: 'actions' },
      ],
      filters: [
        { source: 'integrationState', label: 'Status', kind: 'select', default: 'all', choices: ['all', 'error', 'success'], in: 'query' },
        { source: 'search', label: 'Search', kind: 'search', in: 'query' },
      ],
    });
  });

  it('carries refreshSeconds into the definition and refuses a period under 5 s or not whole', () => {
    const doc = fixtureDocument();
    (fixtureResource(doc) as Record<string, unknown>).refreshSeconds = 20;
    expect(collectResources(doc, 'engine').drafts[0].definition.refreshSeconds).toBe(20);
    for (const wrong of [2, 7.5, '20']) {
      (fixtureResource(doc) as Record<string, unknown>).refreshSeconds = wrong;
      expect(collectResources(doc, 'engine').problems).toEqual([expect.stringMatching(/refreshSeconds must be a whole number of seconds, at least 5/)]);
    }
  });

  it('rejects a column source that is not a field of the row schema', () => {
    const doc = fixtureDocument();
    fixtureResource(doc).columns.push({ source: 'orgNmae', label: 'Typo', kind: 'text' });
    const { drafts, problems } = collectResources(doc, 'engine');
    expect(drafts).toEqual([]);
    expect(problems).toEqual([expect.stringMatching(/column 5: source 'orgNmae' is not a field of the row schema/)]);
  });

  it('rejects a filter default outside its enum', () => {
    const doc = fixtureDocument();
    fixtureResource(doc).filters[0].default = 'broken';
    const { problems } = collectResources(doc, 'engine');
    expect(problems).toEqual([expect.stringMatching(/filter 1: default 'broken' is not one of the choices \(all, error, success\)/)]);
  });

  it('rejects an unknown column kind, a misspelt key and a filter on no parameter', () => {
    const doc = fixtureDocument();
    const resource = fixtureResource(doc);
    resource.columns[0].kind = 'sparkline';
    resource.columns[1].soruce = 'createdAt';
    resource.filters.push({ source: 'nope', label: 'Nope', kind: 'search' });
    const { problems } = collectResources(doc, 'engine');
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/column 1: unknown column kind 'sparkline'/),
        expect.stringMatching(/column 2: unknown key 'soruce'/),
        expect.stringMatching(/filter 3: source 'nope' is neither a query parameter nor a request-body property/),
      ]),
    );
  });

  it('rejects rows that are not an array and a date column without x-timestamp', () => {
    const doc = fixtureDocument();
    fixtureResource(doc).rows = 'msg.orgCount';
    expect(collectResources(doc, 'engine').problems).toEqual([expect.stringMatching(/rows 'msg.orgCount' is not an array/)]);
    const other = fixtureDocument();
    delete (other.components!.schemas!.OrganizationRow.allOf![1].properties!.createdAt as Record<string, unknown>)['x-timestamp'];
    expect(collectResources(other, 'engine').problems).toEqual([expect.stringMatching(/date column on an integer field needs x-timestamp/)]);
  });

  it('rejects duplicate resource names across services', () => {
    const engine = collectResources(fixtureDocument(), 'engine').drafts;
    const ai = collectResources(fixtureDocument(), 'ai').drafts;
    expect(checkResourceNames([...engine, ...ai])).toEqual([
      "x-resource name 'organizations' is used by engine appGetOrganizations and ai appGetOrganizations",
    ]);
  });

  it('refuses a screen in the unified API document, which the dashboard never calls', () => {
    const { drafts, problems } = collectResources(fixtureDocument(), 'unified');
    expect(drafts).toEqual([]);
    expect(problems).toEqual(['GET /app.getOrganizations (appGetOrganizations): x-resource is only for documents the dashboard calls, not the unified document']);
  });

  it('renders a row type from the operation types and a typed definition', () => {
    const [draft] = collectResources(fixtureDocument(), 'engine').drafts;
    const file = renderResource(draft);
    expect(file.path).toBe('resources/organizations.ts');
    expect(file.body).toContain(`import type { operations } from '../api/engine.ts';`);
    expect(file.body).toContain(`export type OrganizationsRow = NonNullable<NonNullable<NonNullable<ListResponse>["msg"]>["organizationDetails"]>[number];`);
    expect(file.body).toContain(`export type OrganizationsFilterSource = "integrationState" | "search";`);
    expect(file.body).toContain('export const organizationsResource: ResourceDefinition<Extract<keyof OrganizationsRow, string>, OrganizationsFilterSource> = {');
  });

  it('reads enum labels, data choices narrowed by another filter, date ranges and searches', () => {
    const doc = fixtureDocument();
    (doc.components!.schemas as Record<string, Record<string, unknown>>).IntegrationStateFilter['x-enum-labels'] = { all: 'All', error: 'Error', success: 'Success' };
    const resource = fixtureResource(doc);
    resource.filters[1] = { source: 'search', label: 'Search', kind: 'search', minLength: 3, debounceMs: 500 };
    resource.filters.push(
      { source: 'orgId', label: 'Organization', kind: 'select', autocomplete: true, choicesFrom: { operation: 'appGetOrganizations', query: {}, list: 'organizationDetails', narrowBy: { integrationState: 'integrationState' } } },
      { source: 'start', end: 'end', label: 'Created between', kind: 'dateRange', notAfterToday: true, defaultDays: 30 },
    );
    const get = doc.paths['/app.getOrganizations'].get as { parameters: unknown[] };
    get.parameters.push({ name: 'orgId', in: 'query', schema: { type: 'string' } }, { name: 'start', in: 'query', schema: { type: 'integer' } }, { name: 'end', in: 'query', schema: { type: 'integer' } });
    const { drafts, problems } = collectResources(doc, 'engine');
    // The fixture's rows have no { value, label }: the choices list is refused, the rest is read.
    expect(problems).toEqual([expect.stringMatching(/list 'organizationDetails' is not an array of \{ value, label \}/)]);
    expect(drafts).toEqual([]);
  });

  it("gives a column the labels of its field's enum, and refuses labels of values the enum lacks", () => {
    const doc = fixtureDocument();
    const fields = () => ((doc.components!.schemas as Record<string, { allOf: { properties?: Record<string, Record<string, unknown>> }[] }>).OrganizationRow.allOf[1].properties!);
    fields().state['x-enum-labels'] = { Success: 'Connected', Error: 'Needs attention' };
    fixtureResource(doc).columns[2] = { source: 'state', label: 'Status', kind: 'text' };
    const { drafts, problems } = collectResources(doc, 'engine');
    expect(problems).toEqual([]);
    expect(drafts[0].definition.columns[2]).toEqual({ source: 'state', label: 'Status', kind: 'text', labels: { Success: 'Connected', Error: 'Needs attention' } });
    fields().state['x-enum-labels'] = { Succes: 'Connected' };
    expect(collectResources(doc, 'engine').problems).toEqual([expect.stringMatching(/column 3: 'state': x-enum-labels names 'Succes', which is not in the enum \(Success, Error\)/)]);
  });

  it('rejects views that the row schema does not tell apart', () => {
    const doc = fixtureDocument();
    (fixtureResource(doc) as Record<string, unknown>).views = { filter: 'nope', on: 'state', values: { 'true': 'a', 'false': 'b' } };
    const { problems } = collectResources(doc, 'engine');
    expect(problems).toEqual(expect.arrayContaining([
      expect.stringMatching(/views: filter 'nope' is not a filter of this list/),
      expect.stringMatching(/views: the row schema must tell the views apart with if\/then\/else on 'state'/),
    ]));
  });

  it('rejects malformed filter extensions with the reason', () => {
    const doc = fixtureDocument();
    const resource = fixtureResource(doc);
    resource.filters.push(
      { source: 'search', label: 'Range', kind: 'dateRange' },
      { source: 'integrationState', label: 'Bad', kind: 'select', choicesFrom: { operation: 'nope', list: 'x' } },
      { source: 'search', label: 'Short', kind: 'select', minLength: 2 },
    );
    (doc.components!.schemas as Record<string, Record<string, unknown>>).IntegrationStateFilter['x-enum-labels'] = { all: 'All', broken: 'Broken' };
    const { problems } = collectResources(doc, 'engine');
    expect(problems).toEqual(expect.arrayContaining([
      expect.stringMatching(/a dateRange filter needs 'end'/),
      expect.stringMatching(/operation 'nope' is not an operation of this document/),
      expect.stringMatching(/'minLength' is only for search filters/),
      expect.stringMatching(/x-enum-labels names 'broken', which is not in the enum/),
    ]));
  });
});
