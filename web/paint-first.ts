import type { Plugin } from 'vite';

/**
 * The public pages arrive rendered by the server, so the reader can read them before any script
 * runs. Two changes to the built shell let the browser paint them at once:
 * - the entry stylesheet goes into the page as a <style> element (about 5 KB gzip per page): a
 *   linked one blocks the first paint until it arrives, and on a slow phone link it queues with
 *   the scripts. The server allows the element by its hash in the CSP (server/web-app.ts);
 * - the module scripts and their preloads ask for low fetch priority: hydration can wait for the
 *   text and images the reader came for, and the scripts stop competing with them.
 */
export function paintFirst(): Plugin {
  return {
    name: 'c360-paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html
          .replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
            const asset = ctx.bundle?.[file];
            if (!asset || asset.type !== 'asset') return tag;
            const css = String(asset.source);
            return css.includes('</') ? tag : `<style>${css}</style>`;
          })
          .replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
      },
    },
  };
}
