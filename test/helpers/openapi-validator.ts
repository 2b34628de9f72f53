import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from '../../server/openapi';

export type ObservedResponse = { method: string; path: string; status: number; contentType: string; body: unknown };

/**
 * Checks real answers against docs/openapi.json with Ajv (JSON Schema 2020-12, OpenAPI 3.1's
 * dialect): the status must be documented for the operation, and a JSON body must match the
 * documented schema. Returns the problems, empty when the answer is as documented.
 */
export function createResponseValidator(doc: OpenApiDocument): (response: ObservedResponse) => string[] {
  const { ajv, rewrite, problems } = documentAjv(doc);
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
    return check(body) ? [] : problems(check.errors);
  };
}

/**
 * Checks a JSON body a client sends against the operation's documented request body: an
 * operation that takes one must say so, and what the server accepted must match it.
 */
export function createRequestBodyValidator(doc: OpenApiDocument): (request: { method: string; path: string; body: unknown }) => string[] {
  const { ajv, rewrite, problems } = documentAjv(doc);
  return ({ method, path, body }) => {
    const operation = doc.paths[path]?.[method.toLowerCase() as Method];
    if (!operation) return [`${method} ${path} is not documented`];
    const schema = operation.requestBody?.content['application/json']?.schema;
    if (!schema) return ['takes a JSON body, but the document names none'];
    let check;
    try {
      check = ajv.compile(rewrite(schema) as object);
    } catch (error) {
      return [`the documented request body does not compile: ${(error as Error).message}`];
    }
    return check(body) ? [] : problems(check.errors).map((p) => `request ${p}`);
  };
}

function documentAjv(doc: OpenApiDocument) {
  // OpenAPI's own keywords inside schemas are annotations for Ajv.
  const ajv = new Ajv2020({ allErrors: true, strict: true, keywords: ['example', 'x-roles'] });
  addFormats.default(ajv);
  // zod names these string checks as formats beside the pattern that checks them: annotations here.
  for (const name of ['starts_with', 'ends_with', 'includes']) ajv.addFormat(name, true);
  // The whole document under one id, so `#/components/schemas/…` references resolve.
  const rewrite = (schema: unknown): unknown => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/$defs/components/'));
  ajv.addSchema(rewrite({ $id: 'openapi.json', $defs: { components: doc.components ?? {} } }) as object);
  const problems = (errors: ErrorObject[] | null | undefined): string[] =>
    (errors ?? [])
      .slice(0, 8)
      .map(
        (e) => `${e.instancePath || '(body)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` "${String(e.params.additionalProperty)}"` : ''}`,
      );
  return { ajv, rewrite, problems };
}

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';
