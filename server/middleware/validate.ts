import type { Request } from 'express';
import type { z } from 'zod';

/** Parses a request's body or query with a zod schema; a ZodError becomes 400 invalid_input. */
export function parseBody<T extends z.ZodType>(schema: T, req: Request): z.infer<T> {
  return schema.parse(req.body ?? {});
}

export function parseQuery<T extends z.ZodType>(schema: T, req: Request): z.infer<T> {
  return schema.parse(req.query);
}
