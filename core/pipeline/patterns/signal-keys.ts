/**
 * One key per entity for the patterns stage. Outlets name one thing in several ways: "Tropical Storm
 * Keron", "Hurricane Keron" and a bare "Keron" once the storm is known; "Andrew Holness" and
 * "Holness". Counted apart, each form became its own signal beside the others (issue 24); here the
 * forms of a window's stories are mapped to one key and one label before anything is counted.
 */

/** A storm's name after its type: "tropical storm keron" → "keron" (the entity finder keeps the type in the name). */
const STORM_FORM =
  /^(?:(?:potential |post-)?(?:sub)?tropical (?:storm|depression|cyclone|wave)|hurricane|major hurricane|typhoon|super typhoon|cyclone|storm)\s+(\p{L}[\p{L}'-]*)$/u;

/** Entity kinds a name can be filed under by the entity finder (a storm is often taken for a person). */
const NAME_KINDS = new Set(['person', 'name', 'org']);

function split(key: string): { kind: string; text: string } {
  const colon = key.indexOf(':');
  return { kind: key.slice(0, colon), text: key.slice(colon + 1) };
}

/** The storm a key names, if it names one with its type ("person:tropical storm keron" → "keron"). */
export function stormOf(key: string): string | null {
  const { kind, text } = split(key);
  if (!NAME_KINDS.has(kind)) return null;
  return STORM_FORM.exec(text)?.[1] ?? null;
}

const titleCase = (text: string) => text.replace(/(^|[\s'-])(\p{L})/gu, (_, before: string, c: string) => before + c.toUpperCase());

export type SignalKeys = {
  /** The key each raw key is counted under (a raw key not in the map is its own). */
  canonical: Map<string, string>;
  /** The label a canonical key is shown with. */
  labels: Map<string, string>;
};

/**
 * The canonical keys of a set of stories' raw keys:
 *  - every form of a storm ("Tropical Storm Keron", "Hurricane Keron", and "Keron" alone once a
 *    typed form is among the keys) is `storm:keron`, labelled with its most used typed form;
 *  - a one-word name is the person whose surname it is, when exactly one such person is among the
 *    keys ("Holness" → "Andrew Holness"; with two Smiths, "Smith" stays apart).
 */
export function signalKeys(rawKeys: Iterable<string>): SignalKeys {
  const keys = [...new Set(rawKeys)];
  const canonical = new Map<string, string>();
  const labels = new Map<string, string>();
  const stormForms = new Map<string, Map<string, number>>();
  for (const key of keys) {
    const storm = stormOf(key);
    if (!storm) continue;
    canonical.set(key, `storm:${storm}`);
    const forms = stormForms.get(storm) ?? new Map<string, number>();
    forms.set(split(key).text, (forms.get(split(key).text) ?? 0) + 1);
    stormForms.set(storm, forms);
  }
  for (const [storm, forms] of stormForms) {
    const [form] = [...forms].sort((a, b) => b[1] - a[1] || b[0].length - a[0].length || a[0].localeCompare(b[0]))[0]!;
    labels.set(`storm:${storm}`, titleCase(form));
  }
  const surnames = new Map<string, string[]>();
  for (const key of keys) {
    const { kind, text } = split(key);
    const words = text.split(' ');
    if (kind === 'person' && words.length >= 2 && !canonical.has(key)) surnames.set(words.at(-1)!, [...(surnames.get(words.at(-1)!) ?? []), key]);
  }
  for (const key of keys) {
    const { kind, text } = split(key);
    if (canonical.has(key) || !NAME_KINDS.has(kind) || text.includes(' ')) continue;
    if (stormForms.has(text)) canonical.set(key, `storm:${text}`);
    else if (kind !== 'org' && surnames.get(text)?.length === 1) canonical.set(key, surnames.get(text)![0]!);
  }
  return { canonical, labels };
}

/** The label of a canonical key: its own when it has one, else its text in title case. */
export function signalLabel(keys: SignalKeys, key: string): string {
  return keys.labels.get(key) ?? titleCase(split(key).text);
}
