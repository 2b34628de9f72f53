import type { Express } from 'express';

type Layer = {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  rawPath?: string | string[] | RegExp;
};

function join(prefix: string, path: string): string {
  const joined = `${prefix}/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

/**
 * Every route of an Express 5 app as "METHOD /full/path", found by walking the router stack
 * (nested routers included, with the paths they are mounted at).
 */
export function listRoutes(app: Express): string[] {
  const routes: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) {
          // router.all(…) marks the route `_all`: listed as "ALL /path".
          for (const method of Object.keys(layer.route.methods)) routes.push(`${method === '_all' ? 'ALL' : method.toUpperCase()} ${join(prefix, path)}`);
        }
      } else if (layer.handle?.stack) {
        const mount = layer.rawPath;
        if (mount instanceof RegExp || Array.isArray(mount)) throw new Error(`cannot name the mount path of a nested router (${String(mount)})`);
        walk(layer.handle.stack, join(prefix, mount ?? '/'));
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return [...new Set(routes)].sort();
}
