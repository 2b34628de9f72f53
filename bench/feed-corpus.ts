/**
 * Runs C360's feed reader over the public feed-parser test corpora in test/fixtures/feeds/corpus/
 * (each folder's README names its source, commit and licence) and prints what a reader would get:
 *
 *   files read, files refused (with the error kind), files with items, items, slowest file;
 *   for files whose expectation can be checked mechanically (feedparser's `Expect:` line, see
 *   bench/feed-corpus/expectations.ts), how many agree, and every disagreement grouped by cause.
 *
 * The reader is the one `c360 ingest` uses: decodeFeedBody → parseFeedText → normaliseEntries.
 * Never fails on a figure.
 *
 *   npm run bench:feeds
 *   npm run bench:feeds -- --only sanitize      # files whose path contains "sanitize"
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkClause, expectationOf, parseExpectation } from './feed-corpus/expectations';
import { CORPUS_ROOT, documentUrl, listCorpusFiles, readCorpusFile } from './feed-corpus/read-corpus';

const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1] : undefined;

const files = listCorpusFiles().filter((f) => !only || f.includes(only));
let withItems = 0;
let items = 0;
let checkable = 0;
let agreeing = 0;
let clausesChecked = 0;
let clausesAgreeing = 0;
let illformed = 0;
let illformedRead = 0;
const refused = new Map<string, string[]>();
const causes = new Map<string, { file: string; detail: string }[]>();
let slowest = { file: '', ms: 0 };

for (const file of files) {
  const result = await readCorpusFile(file);
  if (result.ms > slowest.ms) slowest = { file, ms: result.ms };
  if (result.error) refused.set(result.error.kind, [...(refused.get(result.error.kind) ?? []), `${file} (${result.error.message.slice(0, 90)})`]);
  if (result.items.length > 0) withItems++;
  items += result.items.length;
  if (file.includes('/illformed/')) {
    illformed++;
    if (!result.error) illformedRead++;
  }
  const expectation = expectationOf(readFileSync(join(CORPUS_ROOT, file), 'utf8'));
  if (!expectation) continue;
  const clauses = parseExpectation(expectation).filter((c) => c.kind === 'field');
  const verdicts = clauses.map((clause) => checkClause(clause, result, documentUrl(file))).filter((v) => v.agree !== null);
  if (verdicts.length === 0) continue;
  checkable++;
  clausesChecked += verdicts.length;
  let fileAgrees = true;
  for (const verdict of verdicts) {
    if (verdict.agree === true) clausesAgreeing++;
    else if (verdict.agree === false) {
      fileAgrees = false;
      causes.set(verdict.cause, [...(causes.get(verdict.cause) ?? []), { file, detail: verdict.detail }]);
    }
  }
  if (fileAgrees) agreeing++;
}

const pct = (a: number, b: number): string => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)}%`);
console.log(`feed corpus: ${CORPUS_ROOT}${only ? ` (only "${only}")` : ''}`);
console.log(`  files read              ${files.length}`);
console.log(
  `  files refused           ${[...refused.values()].reduce((n, l) => n + l.length, 0)}${refused.size ? ` (${[...refused].map(([k, l]) => `${k} ${l.length}`).join(', ')})` : ''}`,
);
console.log(`  files with items        ${withItems}`);
console.log(`  items                   ${items}`);
console.log(`  ill-formed files read   ${illformedRead} of ${illformed} (the rest refused with a clear error)`);
console.log(`  slowest file            ${slowest.ms.toFixed(1)} ms (${slowest.file})`);
console.log(`  checkable files         ${checkable}`);
console.log(`  files that agree        ${agreeing} of ${checkable} (${pct(agreeing, checkable)})`);
console.log(`  checks that agree       ${clausesAgreeing} of ${clausesChecked} (${pct(clausesAgreeing, clausesChecked)})`);
if (refused.size) {
  console.log('\nrefused documents:');
  for (const [kind, list] of refused) for (const line of list) console.log(`  [${kind}] ${line}`);
}
if (causes.size) {
  console.log('\ndisagreements by cause:');
  for (const [cause, list] of [...causes].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`  ${cause}: ${list.length}`);
    for (const { file, detail } of list) console.log(`    ${file}: ${detail}`);
  }
}
