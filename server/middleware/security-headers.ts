import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Security headers, with a strict Content-Security-Policy: scripts, styles, fonts, images and
 * requests only from our own origin; no inline or eval'd script, no plugins, no framing. The
 * Vite build emits external module scripts and CSS files, so the app needs nothing more.
 * Inline style *attributes* (React's style={…} in server-rendered HTML) are allowed through
 * style-src-attr; <style> elements are allowed only by the hashes given (the page's inlined
 * stylesheet, see web/paint-first.ts) and <script> blocks not at all. Data for the page must travel
 * in a non-executed `<script type="application/json">` block (CSP does not apply to data
 * blocks), never in an inline executable script.
 */
export function securityHeaders(options: { https: boolean; styleHashes?: string[] }): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", ...(options.styleHashes ?? []).map((hash) => `'${hash}'`)],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    // Link previews and other sites may embed our OG images.
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
}
