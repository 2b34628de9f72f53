/** A small server-rendered page (newsletter confirmations): no script, no inline style. */
export function simplePage(options: {
  title: string;
  heading: string;
  paragraphs: string[];
  form?: { action: string; button: string };
  language?: string;
  home?: string;
}): string {
  const esc = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return [
    '<!doctype html>',
    `<html lang="${esc(options.language ?? 'en')}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="robots" content="noindex"><title>${esc(options.title)} | C360</title></head>`,
    '<body>',
    '<main>',
    `<h1>${esc(options.heading)}</h1>`,
    ...options.paragraphs.map((p) => `<p>${esc(p)}</p>`),
    options.form ? `<form method="post" action="${esc(options.form.action)}"><button type="submit">${esc(options.form.button)}</button></form>` : '',
    `<p><a href="/">${esc(options.home ?? 'Return to C360')}</a></p>`,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
