import type { SourceItem } from '../work/story-sources';
import { textSimilarity } from '../work/text-similarity';

/**
 * Which sources count as independent. Two sources are one voice when they share an owner group
 * (feeds.owner_group; an outlet is its own group by default), when one outlet carried the other's
 * item (ingest matched it by guid, URL or content hash), or when their texts are near-identical
 * (NEAR_IDENTICAL or more of their five-word shingles shared): the same wire story or government
 * release re-published. Each voice counts once, credited to its earliest source. source_count still
 * counts outlets; this decides triangulation and corroboration.
 */

export const NEAR_IDENTICAL = 0.5;

export type Voice = {
  key: string;
  itemId: string;
  outlet: string;
  ownerGroup: string;
  kind: string;
  url: string | null;
  text: string;
  time: string;
  /** The outlet's home country or area, when known. */
  region: string | null;
  carrierOf?: string;
  /** The registry marks the outlet unreliable. */
  unreliable?: boolean;
};

export type SourceVerdict = {
  item_id: string;
  outlet: string;
  url: string | null;
  owner_group: string;
  kind: string;
  independent: boolean;
  counted_as: string;
  reason: string;
  region: string | null;
  /** Why a voice that is not independent counts with another: carried its item, same owner group, same outlet, or a copy of its text. */
  link: 'carried' | 'owner_group' | 'same_outlet' | 'copy' | null;
};

export type Independence = { voices: Voice[]; groups: Voice[][]; verdicts: SourceVerdict[]; independentOutlets: string[] };

export function voicesOf(sources: readonly SourceItem[]): Voice[] {
  const voices: Voice[] = [];
  for (const s of sources) {
    const text = `${s.title}. ${s.summary}\n${s.text}`;
    const time = s.publishedAt ?? s.createdAt;
    voices.push({
      key: s.id,
      itemId: s.id,
      outlet: s.outlet,
      ownerGroup: s.ownerGroup || s.outlet,
      kind: s.outletKind,
      url: s.url,
      text,
      time,
      region: s.region,
      ...(s.unreliable ? { unreliable: true } : {}),
    });
    for (const c of s.carriers) {
      voices.push({
        key: `${s.id}:${c.outlet}`,
        itemId: s.id,
        outlet: c.outlet,
        ownerGroup: c.ownerGroup || c.outlet,
        kind: c.outletKind,
        url: c.url,
        text,
        time,
        region: c.region ?? null,
        carrierOf: s.outlet,
      });
    }
  }
  return voices;
}

export function assessIndependence(sources: readonly SourceItem[]): Independence {
  const voices = voicesOf(sources).sort((a, b) => a.time.localeCompare(b.time) || a.key.localeCompare(b.key));
  const parent = voices.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const reasons = new Map<number, { reason: string; link: NonNullable<SourceVerdict['link']> }>();
  const union = (i: number, j: number, reason: string, link: NonNullable<SourceVerdict['link']>) => {
    const [ri, rj] = [find(i), find(j)];
    if (ri === rj) return;
    // The earlier voice stays the group's representative.
    const [keep, join] = ri < rj ? [ri, rj] : [rj, ri];
    parent[join] = keep;
    if (!reasons.has(Math.max(i, j))) reasons.set(Math.max(i, j), { reason, link });
  };
  for (let j = 0; j < voices.length; j++) {
    for (let i = 0; i < j; i++) {
      const a = voices[i]!;
      const b = voices[j]!;
      if (b.carrierOf && b.itemId === a.itemId) union(i, j, `carried ${a.outlet}'s item (the same story re-published)`, 'carried');
      else if (a.ownerGroup.toLowerCase() === b.ownerGroup.toLowerCase()) {
        union(
          i,
          j,
          a.outlet === b.outlet ? `another item from ${a.outlet}` : `same owner group (${b.ownerGroup}) as ${a.outlet}`,
          a.outlet === b.outlet ? 'same_outlet' : 'owner_group',
        );
      } else {
        const similarity = textSimilarity(a.text, b.text);
        if (similarity >= NEAR_IDENTICAL) {
          const what = a.kind === 'official' || b.kind === 'official' ? 'a government release re-published' : 'wire copy or a re-published story';
          union(i, j, `near-identical text to ${a.outlet} (${Math.round(similarity * 100)}% shared wording): ${what}`, 'copy');
        }
      }
    }
  }
  const groupsByRoot = new Map<number, Voice[]>();
  voices.forEach((v, i) => groupsByRoot.set(find(i), [...(groupsByRoot.get(find(i)) ?? []), v]));
  const verdicts: SourceVerdict[] = voices.map((v, i) => {
    const root = find(i);
    const representative = voices[root]!;
    return {
      item_id: v.itemId,
      outlet: v.outlet,
      url: v.url,
      owner_group: v.ownerGroup,
      kind: v.kind,
      independent: root === i,
      counted_as: representative.outlet,
      reason:
        root === i
          ? v.kind === 'official'
            ? 'own release (official source)'
            : 'own reporting'
          : (reasons.get(i)?.reason ?? `counted with ${representative.outlet}`),
      region: v.region,
      link: root === i ? null : (reasons.get(i)?.link ?? 'copy'),
    };
  });
  const groups = [...groupsByRoot.values()];
  return { voices, groups, verdicts, independentOutlets: [...new Set(groups.map((g) => g[0]!.outlet))] };
}
