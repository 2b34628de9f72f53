import { describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES, resolveConsoleRoute } from './routes';

describe('console route table', () => {
  it("has the spec's sidebar, in order, with Settings pinned at the bottom", () => {
    expect(CONSOLE_ROUTES.map((r) => [r.path, r.label])).toEqual([
      ['/dashboard', 'Admin Home'],
      ['/dashboard/articles', 'Article Feed'],
      ['/dashboard/sanity-editor', 'Sanity Editor'],
      ['/dashboard/editor', 'Editorial Workflow'],
      ['/dashboard/pipeline', 'AI Pipeline'],
      ['/dashboard/pipeline-test', 'Pipeline Testing'],
      ['/dashboard/publishing', 'Live Publishing'],
      ['/dashboard/content-curation', 'Content Curation'],
      ['/dashboard/sync', 'Content Sync'],
      ['/dashboard/signals', 'Signal Scanner'],
      ['/dashboard/enhanced-signals', 'Enhanced Signals'],
      ['/dashboard/intelligence', 'Regional Intelligence'],
      ['/dashboard/five-box-reader', 'Five-Box Reader'],
      ['/dashboard/newsletter', 'Newsletter Builder'],
      ['/dashboard/alerts', 'Alert Manager'],
      ['/dashboard/analytics', 'Analytics'],
      ['/dashboard/reader-analytics', 'Reader Analytics'],
      ['/dashboard/outbox', 'Outbox'],
      ['/dashboard/settings', 'Settings'],
    ]);
    expect(CONSOLE_ROUTES.filter((r) => r.pinned === 'bottom').map((r) => r.label)).toEqual(['Settings']);
  });

  it.each([
    ['/dashboard', 'Admin Home'],
    ['/dashboard/', 'Admin Home'],
    ['/admin', 'Admin Home'],
    ['/admin/', 'Admin Home'],
    ['/dashboard/pipeline', 'AI Pipeline'],
    ['/dashboard/pipeline-test', 'Pipeline Testing'],
    ['/dashboard/signals', 'Signal Scanner'],
    ['/dashboard/enhanced-signals', 'Enhanced Signals'],
    ['/dashboard/editor/tasks', 'Editorial Workflow'],
    ['/admin/sync', 'Content Sync'],
    ['/analytics', 'Analytics'],
    ['/dashboard/analytics', 'Analytics'],
    ['/dashboard/reader-analytics', 'Reader Analytics'],
  ])('%s shows %s', (path, label) => {
    expect(resolveConsoleRoute(path)?.label).toBe(label);
  });

  it('finds nothing for unknown console paths (no prefix confusion)', () => {
    expect(resolveConsoleRoute('/dashboard/nope')).toBeNull();
    expect(resolveConsoleRoute('/dashboard/pipelines')).toBeNull();
    expect(resolveConsoleRoute('/administrator')).toBeNull();
  });
});

describe('console route names', () => {
  it('has a sidebar name for every screen in each of the four languages', async () => {
    const { navKey } = await import('./console-i18n');
    for (const language of ['en', 'es', 'fr', 'nl']) {
      const dictionary = (await import(`./i18n/${language}.json`)).default as { console: { nav: Record<string, string> } };
      for (const route of CONSOLE_ROUTES) expect(dictionary.console.nav[navKey(route.path)], `${language} ${route.path}`).toMatch(/\S/);
    }
  });
});
