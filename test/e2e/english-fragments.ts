import type { Page } from 'playwright-core';

/**
 * The English-fragment check of the browser tests in Spanish, French and Dutch: the interface
 * words a page in those languages never shows, and the page's text without the stories' own
 * words (marked with their language in `lang`).
 */
export const ENGLISH_WORDS = [
  // Interface words
  'Published',
  'Sources',
  'source',
  'sources',
  'Read more',
  'Sign in',
  'Sign In',
  'Sign out',
  'Subscribe',
  'Search',
  'Loading',
  'Latest',
  'News',
  'Business',
  'Politics',
  'Weather',
  'Technology',
  'Back',
  'Share',
  'Copy',
  'Home',
  'Menu',
  'Close',
  'Password',
  'Account',
  'Overview',
  'Alerts',
  'Tracking',
  'Guides',
  'Warning',
  'Watch',
  'Hurricane',
  'Tropical',
  'Storm',
  'Moving',
  'Winds',
  'Pressure',
  'Issued',
  'Expires',
  'Category',
  'threat',
  'advisory',
  'Advisory',
  'Save',
  'Cancel',
  'Delete',
  'Edit',
  'Stories',
  'stories',
  'story',
  'Dashboard',
  'Settings',
  'Analytics',
  'Pipeline',
  'Articles',
  'Newsletter',
  'Review',
  'Draft',
  'Publish',
  'Failed',
  'Today',
  'Yesterday',
  'ago',
  'just now',
  'minutes',
  'hours',
  'days',
  'View',
  'Show',
  'Hide',
  'Next',
  'Previous',
  'Filter',
  'All',
  'None',
  'Yes',
  'the',
  'and',
  'with',
  'from',
  'for',
  'your',
  'this',
  'that',
  'at',
  'of',
  'is',
  'are',
  'was',
  'will',
  'not',
  // Units and time words
  'mph',
  'AM',
  'PM',
  // Months and weekdays
  'January',
  'February',
  'March',
  'April',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
  'Jan',
  'Feb',
  'Apr',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];
/** Words of the page's own language that are spelled like an English word in the list. */
export const NATIVE: Record<string, readonly string[]> = {
  es: [],
  fr: ['source', 'sources', 'Sources', 'Menu', 'Articles', 'Newsletter', 'Guides', 'minutes'],
  nl: ['Menu', 'Storm', 'Dashboard', 'Analytics', 'Pipeline', 'Filter', 'Account', 'was', 'is', 'of'],
};

export function fragments(text: string, language: string): string[] {
  const native = new Set(NATIVE[language] ?? []);
  const found: string[] = [];
  for (const word of ENGLISH_WORDS) {
    if (native.has(word)) continue;
    const pattern = new RegExp(`(^|[^\\p{L}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[^\\p{L}])`, 'u');
    const m = pattern.exec(text);
    if (m) found.push(`${word} … "${text.slice(Math.max(0, m.index - 30), m.index + word.length + 30).replace(/\s+/g, ' ')}"`);
  }
  return found;
}

/** The page's visible text without story content (any element whose lang differs from the page's). */
export async function interfaceText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const pageLang = document.documentElement.lang;
    const clone = document.body.cloneNode(true) as HTMLElement;
    for (const el of [...clone.querySelectorAll('[lang]')]) if (el.getAttribute('lang') !== pageLang) el.remove();
    // innerText needs layout: measure the clone in the page, hidden.
    clone.style.position = 'absolute';
    clone.style.left = '-99999px';
    document.documentElement.appendChild(clone);
    const text = clone.innerText;
    clone.remove();
    return text;
  });
}
