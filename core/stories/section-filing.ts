import type { Knex } from 'knex';
import { readSetting, writeSetting } from '../settings/settings-repository';
import { refileStorySections } from './story-repository';
import { topicClassifierFingerprint, type TopicClassifierFingerprint } from './topic-classifier';

/**
 * Which topic classifier filed the sections stored with the stories (section pages, readers' topic
 * feeds and alerts read the stored column; the home page's blocks classify afresh): a database
 * filed by another release is re-filed, so a story is not under Business on the home page and
 * under Culture on the section page (issue 24).
 */

/** The settings key: the fingerprint of the classifier the stored sections agree with. */
export const SECTION_FILING_SETTING = 'section_filing';

export type SectionFilingResult = {
  /**
   * current: filed by this classifier, nothing read. refiled: every story read and those filed
   * otherwise written. newer_release: filed by a later classifier version than this process's,
   * left as it is (an older release still running during an upgrade must not file them back).
   */
  status: 'current' | 'refiled' | 'newer_release';
  /** The fingerprint found before (null: none stored yet, a database from before it was). */
  previous: TopicClassifierFingerprint | null;
  running: TopicClassifierFingerprint;
  examined: number;
  refiled: number;
};

function sameFingerprint(a: TopicClassifierFingerprint | null, b: TopicClassifierFingerprint): boolean {
  return a !== null && a.version === b.version && a.digest === b.digest;
}

/**
 * Re-files every story's sections when the stored fingerprint is not this classifier's, in one
 * transaction, then stores the fingerprint. Several processes may start at once (`serve --workers`,
 * cron beside a server): the first takes an advisory lock and re-files, the others wait for it and
 * find the new fingerprint. When the fingerprint matches, it costs one settings read. A database
 * with no story and no fingerprint is left without one: an empty database stays empty (an import
 * refuses one that holds data), and its stories will be filed by whoever writes them.
 */
export async function refileStaleSections(db: Knex, input: { actor: string; now: Date }): Promise<SectionFilingResult> {
  const running = topicClassifierFingerprint();
  const decide = (stored: TopicClassifierFingerprint | null): SectionFilingResult | null => {
    if (sameFingerprint(stored, running)) return { status: 'current', previous: stored, running, examined: 0, refiled: 0 };
    if (stored !== null && stored.version > running.version) return { status: 'newer_release', previous: stored, running, examined: 0, refiled: 0 };
    return null;
  };
  const early = decide(await storedFingerprint(db));
  if (early) return early;
  return db.transaction(async (trx) => {
    await trx.raw(`select pg_advisory_xact_lock(hashtext('c360.section_filing'))`);
    const stored = await storedFingerprint(trx);
    const settled = decide(stored);
    if (settled) return settled;
    const counts = await refileStorySections(trx);
    if (counts.examined > 0 || stored !== null) await writeSetting(trx, SECTION_FILING_SETTING, running, input);
    return { status: 'refiled', previous: stored, running, ...counts };
  });
}

async function storedFingerprint(db: Knex): Promise<TopicClassifierFingerprint | null> {
  const setting = await readSetting<Partial<TopicClassifierFingerprint>>(db, SECTION_FILING_SETTING);
  const value = setting?.value;
  if (typeof value?.version !== 'number' || typeof value.digest !== 'string') return null;
  return { version: value.version, digest: value.digest };
}
