// The minimal view of a bundled OpenAPI 3.1 document the engine needs at run time (routing and
// ajv validation). Every $ref in it is internal (#/components/...).

export type SchemaNode = { [keyword: string]: unknown };

export interface OpenApiOperation {
  operationId: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: SchemaNode[];
  requestBody?: SchemaNode;
  responses: Record<string, SchemaNode>;
  [key: string]: unknown;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; [key: string]: unknown };
  servers?: { url: string; description?: string }[];
  security?: Record<string, string[]>[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', OpenApiOperation>> & SchemaNode>;
  components: {
    schemas?: Record<string, SchemaNode>;
    parameters?: Record<string, SchemaNode>;
    responses?: Record<string, SchemaNode>;
    securitySchemes?: Record<string, SchemaNode>;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}
