import { useState, type FormEvent } from 'react';
import { useToast } from '../../shared/toasts';
import { meApi, type Follows } from './api';
import { islandName, useAccountT } from './i18n';

/** Checkboxes for the islands and topics a reader follows, saved together. */
export function FollowPicker({ follows, options, onSaved }: { follows: Follows; options: Follows; onSaved: (follows: Follows) => void }) {
  const t = useAccountT();
  const toast = useToast();
  const [regions, setRegions] = useState(new Set(follows.regions));
  const [topics, setTopics] = useState(new Set(follows.topics));
  const [busy, setBusy] = useState(false);

  const toggle = (set: Set<string>, value: string, update: (s: Set<string>) => void) => {
    const next = new Set(set);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    update(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { follows: saved } = await meApi.setFollows({ regions: [...regions], topics: [...topics] });
      toast.show({ title: t('readerAccount.followsSaved'), tone: 'success' });
      onSaved(saved);
    } catch {
      toast.show({ title: t('readerAccount.error'), tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="follow-picker" onSubmit={submit}>
      <fieldset>
        <legend>{t('readerAccount.islands')}</legend>
        <div className="chips">
          {options.regions.map((key) => (
            <label key={key} className={`chip${regions.has(key) ? ' chip-on' : ''}`}>
              <input type="checkbox" checked={regions.has(key)} onChange={() => toggle(regions, key, setRegions)} />
              {islandName(t, key)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('readerAccount.topics')}</legend>
        <div className="chips">
          {options.topics.map((key) => (
            <label key={key} className={`chip${topics.has(key) ? ' chip-on' : ''}`}>
              <input type="checkbox" checked={topics.has(key)} onChange={() => toggle(topics, key, setTopics)} />
              {t(`nav.${key}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" disabled={busy}>
        {t('readerAccount.saveFollows')}
      </button>
    </form>
  );
}
