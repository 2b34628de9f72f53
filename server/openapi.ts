import { readFileSync } from 'node:fs';
import { Router } from 'express';

/** The parts of an OpenAPI 3.1 document that the server and its tests read. */
export type OpenApiOperation = {
  summary?: string;
  description?: string;
  'x-roles'?: string[];
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; description?: string; schema?: unknown }[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
};
export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Partial<Record<'get' | 'put' | 'post' | 'patch' | 'delete', OpenApiOperation>>>;
  components?: Record<string, unknown>;
};

/** "GET /api/articles/{id}": an operation as the document and the tests name it. */
export function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

export const OPENAPI_FILE = new URL('../docs/openapi.json', import.meta.url);

/**
 * GET /api/openapi.json: the API description in docs/ (read once at start; the document is
 * checked against real answers by server/openapi.db.test.ts, so it is what the server sends).
 */
export function openApiRouter(file: URL = OPENAPI_FILE): Router {
  const router = Router();
  const text = readFileSync(file, 'utf8');
  router.get('/openapi.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(text);
  });
  return router;
}
