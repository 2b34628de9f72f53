import type { PageLanguage } from '../cookies';
import { buildHead } from './head-tags';
import { headText } from './head-text';

/**
 * The site's error page: the shell's head and inlined styles, a message in the page's language and
 * a way home. No script: the app would only try again to render the page that just failed.
 */
export function serverErrorPage(shell: string, origin: string, language: PageLanguage, path: string): string {
  const text = headText(language);
  const esc = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const body = [
    '<div class="site"><main id="main" tabindex="-1"><section class="not-found">',
    `<h1>${esc(text.serverError)}</h1>`,
    `<p>${esc(text.serverErrorDescription)}</p>`,
    `<a href="/" class="button">${esc(text.backHome)}</a>`,
    '</section></main></div>',
  ].join('');
  return (
    shell
      .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
      .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
      // Any shell's opening tag, so the page always says its language.
      .replace(/<html(?:\s[^>]*)?>/, `<html lang="${language.toLowerCase()}">`)
      .replace(
        '<!--c360:head-->',
        buildHead({ kind: 'page', path, title: text.serverError, description: text.serverErrorDescription, noindex: true }, origin, language),
      )
      .replace('<!--c360:app-->', body)
      .replace('<!--c360:data-->', '')
  );
}
