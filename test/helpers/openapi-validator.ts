import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from '../../server/openapi';

export type ObservedResponse = { method: string; path: string; status: number; contentType: string; body: unknown };

/**
 * Checks real answers against docs/openapi.json with Ajv (JSON Schema 2020-12, OpenAPI 3.1's
 * dialect): the status must be documented for the operation, and a JSON body must match the
 * documented schema. Returns the problems, empty when the answer is as documented.
 */
export function createResponseValidator(doc: OpenApiDocument): (response: ObservedResponse) => string[] {
  // OpenAPI's own keywords inside schemas are annotations for Ajv.
  const ajv = new Ajv2020({ allErrors: true, strict: true, keywords: ['example', 'x-roles'] });
  addFormats.default(ajv);
  // The whole document under one id, so `#/components/schemas/…` references resolve.
  const rewrite = (schema: unknown): unknown => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/$defs/components/'));
  ajv.addSchema(rewrite({ $id: 'openapi.json', $defs: { components: doc.components ?? {} } }) as object);
  const cache = new Map<string, ReturnType<typeof ajv.compile>>();
  return ({ method, path, status, contentType, body }) => {
    const operation = doc.paths[path]?.[method.toLowerCase() as Method];
    if (!operation) return [`${method} ${path} is not documented`];
    const response = operation.responses[String(status)];
    if (!response) return [`status ${status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`];
    const media = Object.keys(response.content ?? {});
    if (media.length === 0) return contentType && body instanceof ArrayBuffer && body.byteLength > 0 ? [`documented without a body, sent ${contentType}`] : [];
    const type = media.find((m) => contentType.startsWith(m));
    if (!type) return [`sent ${contentType || 'no content type'}, documented ${media.join(', ')}`];
    const schema = response.content![type]!.schema;
    if (!schema || !type.includes('json')) return [];
    const key = `${method} ${path} ${status} ${type}`;
    let check = cache.get(key);
    if (!check) {
      try {
        check = ajv.compile(rewrite(schema) as object);
      } catch (error) {
        return [`the documented schema does not compile: ${(error as Error).message}`];
      }
      cache.set(key, check);
    }
    if (check(body)) return [];
    return (check.errors ?? [])
      .slice(0, 8)
      .map(
        (e) => `${e.instancePath || '(body)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` "${String(e.params.additionalProperty)}"` : ''}`,
      );
  };
}

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';
