// A small bundled document for the generator unit tests: one list operation with x-resource,
// one form body, one public operation. Tests clone it and break one thing at a time.
import type { BundledDocument } from '../../../codegen/openapi.ts';

export function fixtureDocument(): BundledDocument {
  return structuredClone({
    openapi: '3.1.0',
    info: { title: 'Fixture', version: '1' },
    servers: [{ url: '/api' }],
    security: [{ bearerAuth: [] }],
    paths: {
      '/app.getOrganizations': {
        get: {
          operationId: 'appGetOrganizations',
          tags: ['dashboard'],
          'x-roles': ['admin', 'member'],
          'x-paging': { style: 'pageNumber', pageSize: 25 },
          'x-resource': {
            name: 'organizations',
            route: '/dashboard/organizations',
            rows: 'msg.organizationDetails',
            total: 'msg.orgCount',
            rowId: 'orgId',
            show: '/dashboard/organizations/{orgId}',
            columns: [
              { source: 'organization', label: 'Organization', kind: 'text' },
              { source: 'createdAt', label: 'Created', kind: 'date' },
              { source: 'state', label: 'Status', kind: 'integrationState' },
              { label: '', kind: 'actions' },
            ],
            filters: [
              { source: 'integrationState', label: 'Status', kind: 'select', default: 'all' },
              { source: 'search', label: 'Search', kind: 'search' },
            ],
          },
          parameters: [
            { name: 'integrationState', in: 'query', schema: { $ref: '#/components/schemas/IntegrationStateFilter' } },
            { name: 'search', in: 'query', schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/OrganizationsResponse' } } },
            },
          },
        },
      },
      '/app.users.invite': {
        post: {
          operationId: 'appUsersInvite',
          tags: ['users'],
          'x-roles': ['admin'],
          'x-plan-feature': 'customMapping',
          'x-rate-limit': { seconds: 60 },
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/InviteBody' } } } },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
      '/auth.signIn': {
        post: {
          operationId: 'authSignIn',
          tags: ['auth'],
          security: [],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas: {
        IntegrationStateFilter: { type: 'string', enum: ['all', 'error', 'success'], default: 'all' },
        Role: { type: 'string', enum: ['admin', 'member', 'billingcontact'] },
        OrgBase: { type: 'object', required: ['orgId'], properties: { orgId: { type: 'string' }, organization: { type: 'string' } } },
        OrganizationRow: {
          allOf: [
            { $ref: '#/components/schemas/OrgBase' },
            {
              type: 'object',
              properties: {
                createdAt: { type: 'integer', 'x-timestamp': 'ms' },
                state: { type: 'string', enum: ['Success', 'Error'] },
              },
            },
          ],
        },
        OrganizationsResponse: {
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            msg: {
              type: 'object',
              properties: {
                orgCount: { type: 'integer' },
                organizationDetails: { type: 'array', items: { $ref: '#/components/schemas/OrganizationRow' } },
              },
            },
          },
        },
        InviteBody: {
          type: 'object',
          'x-form': 'inviteUsers',
          required: ['list'],
          example: { list: [] },
          properties: {
            list: {
              type: 'array',
              minItems: 1,
              'x-messages': { minItems: 'Missing email' },
              items: {
                type: 'object',
                required: ['email', 'role'],
                properties: {
                  email: {
                    type: 'string',
                    format: 'email',
                    'x-trim': true,
                    'x-messages': { required: 'Missing email', format: 'The input is not valid email!' },
                    'x-ui': { placeholder: 'name@company.com', order: 1 },
                  },
                  role: { $ref: '#/components/schemas/Role', 'x-ui': { widget: 'select', order: 2 } },
                },
              },
            },
            notify: { type: 'boolean' },
            note: { type: 'string', 'x-ui': { disabledUnless: 'notify', help: 'Sent with the invite' } },
          },
        },
      },
    },
  }) as BundledDocument;
}

type Entry = Record<string, unknown>;
export interface RawResource extends Entry {
  columns: Entry[];
  filters: Entry[];
}

/** The fixture's one x-resource, for tests that break it. */
export function fixtureResource(doc: BundledDocument): RawResource {
  return (doc.paths['/app.getOrganizations'].get as Entry)['x-resource'] as RawResource;
}

/** One operation of the fixture, by path and method. */
export function fixtureOperation(doc: BundledDocument, path: string, method: string): Entry {
  return doc.paths[path][method] as Entry;
}
