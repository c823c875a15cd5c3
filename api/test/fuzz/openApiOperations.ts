/**
 * The operations of the API's OpenAPI document and the fields a client fills in each: path parameters, query
 * parameters and every node of the JSON body (nested objects, array items and each branch of a oneOf/anyOf).
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** A place in the body: property names and array indexes; [] is the body itself. */
export type BodyPath = (string | number)[];

export interface ApiOperation {
  /** 'POST /api/orders/{code}/cancel' */
  key: string;
  method: string;
  /** '/api/orders/{code}/cancel' */
  path: string;
  pathParameters: string[];
  queryParameters: string[];
  /** Media types of the request body; empty when the operation takes none. */
  bodyMediaTypes: string[];
  /** Every node of the JSON body's schema, the body itself first; empty without a JSON body. */
  bodyPaths: BodyPath[];
  /** A request the schemas describe as valid (required parts only), for operations without a hand-made baseline. */
  example: { params: Record<string, string>; query: Record<string, string>; body: unknown };
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];
/** Deep enough for every body the API takes; a guard against recursive schemas. */
const MAX_DEPTH = 8;

function resolve(schema: JsonSchema, doc: OpenApiDocument): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 10; hops += 1) {
    const name = current.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved $ref ${current.$ref}`);
    current = target;
  }
  return current;
}

function collectBodyPaths(schema: JsonSchema, doc: OpenApiDocument, prefix: BodyPath, found: Map<string, BodyPath>, depth: number): void {
  if (depth > MAX_DEPTH) return;
  const node = resolve(schema, doc);
  for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) {
    collectBodyPaths(branch, doc, prefix, found, depth + 1);
  }
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    const path = [...prefix, name];
    found.set(JSON.stringify(path), path);
    collectBodyPaths(property, doc, path, found, depth + 1);
  }
  if (node.items) {
    const path = [...prefix, 0];
    found.set(JSON.stringify(path), path);
    collectBodyPaths(node.items, doc, path, found, depth + 1);
  }
}

/** Every operation of the document, in the document's order. */
export function operationsOf(doc: OpenApiDocument): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const jsonSchema = content['application/json']?.schema;
      const bodyPaths = new Map<string, BodyPath>();
      if (jsonSchema) {
        bodyPaths.set('[]', []);
        collectBodyPaths(jsonSchema, doc, [], bodyPaths, 0);
      }
      const example = {
        params: Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, String(exampleOf(p.schema ?? {}, doc, 0))])),
        query: Object.fromEntries(parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, String(exampleOf(p.schema ?? {}, doc, 0))])),
        body: jsonSchema ? exampleOf(jsonSchema, doc, 0) : undefined,
      };
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParameters: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        queryParameters: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
        bodyMediaTypes: Object.keys(content),
        bodyPaths: [...bodyPaths.values()],
        example,
      });
    }
  }
  return operations;
}

/**
 * A value the schema accepts, as far as a schema says (a pattern or a refinement may still refuse it): the
 * default, the first enum value, the smallest number, a short string, the required properties.
 */
export function exampleOf(schema: JsonSchema, doc: OpenApiDocument, depth: number): unknown {
  const node = resolve(schema, doc);
  if (depth > MAX_DEPTH) return null;
  if (node.default !== undefined) return node.default;
  if (node.const !== undefined) return node.const;
  if (node.enum && node.enum.length > 0) return node.enum[0];
  const branches = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])];
  const branch = branches.find((candidate) => resolve(candidate, doc).type !== 'null');
  if (branch) return exampleOf(branch, doc, depth + 1);
  const type = Array.isArray(node.type) ? node.type.find((candidate) => candidate !== 'null') : node.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((node.required ?? []).map((name) => [name, exampleOf(node.properties?.[name] ?? {}, doc, depth + 1)]));
    case 'array':
      return node.items ? Array.from({ length: Math.max(node.minItems ?? 1, 1) }, () => exampleOf(node.items!, doc, depth + 1)) : [];
    case 'integer':
    case 'number':
      return Math.max(node.minimum ?? 1, node.exclusiveMinimum === undefined ? 1 : Math.floor(node.exclusiveMinimum) + 1);
    case 'boolean':
      return true;
    case 'string':
      if (node.format === 'email') return 'khach@example.vn';
      if (node.format === 'date-time') return '2026-11-25T09:00:00+07:00';
      if (node.format === 'date') return '2026-11-25';
      return 'a'.repeat(Math.max(node.minLength ?? 1, 1));
    default:
      return null;
  }
}

/** A copy of `value` with `replacement` at `path` (missing containers created on the way). */
export function withValueAt(value: unknown, path: BodyPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const container: Record<string | number, unknown> | unknown[] = Array.isArray(value)
    ? [...value]
    : typeof value === 'object' && value !== null
      ? { ...(value as Record<string, unknown>) }
      : typeof head === 'number'
        ? []
        : {};
  const current = (container as Record<string | number, unknown>)[head!];
  (container as Record<string | number, unknown>)[head!] = withValueAt(current, rest, replacement);
  return container;
}

/** Whether `value` has something at `path`. */
export function hasValueAt(value: unknown, path: BodyPath): boolean {
  let current: unknown = value;
  for (const part of path) {
    if (typeof current !== 'object' || current === null || !(part in current)) return false;
    current = (current as Record<string | number, unknown>)[part];
  }
  return true;
}
