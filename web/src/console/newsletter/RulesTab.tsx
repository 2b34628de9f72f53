import { useCallback, useEffect, useState } from 'react';
import { useToast } from '../../shared/toasts';
import { EditIcon, PlusIcon, TrashIcon } from '../icons';
import { useConsoleI18n } from '../console-i18n';
import { Badge, Card, Dialog, EmptyState, InlineError, Skeleton } from '../ui';
import { errorText, newsletterApi, type CurationRule, type RuleInput, type RuleType } from './api';

const RULE_TYPES: RuleType[] = ['urgency', 'keyword', 'topic', 'region'];

function criteriaText(rule: Pick<CurationRule, 'type' | 'criteria'>): string {
  if (rule.type === 'urgency') return String(rule.criteria.threshold ?? 80);
  return (rule.criteria.keywords ?? rule.criteria.topics ?? rule.criteria.regions ?? []).join(', ');
}

function toCriteria(type: RuleType, text: string): CurationRule['criteria'] {
  if (type === 'urgency') return { threshold: Number(text) };
  const terms = text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return type === 'keyword' ? { keywords: terms } : type === 'topic' ? { topics: terms } : { regions: terms };
}

/** Curation rules, stored in the database and applied whenever sections are filled. */
export function RulesTab() {
  const toast = useToast();
  const { t } = useConsoleI18n();
  const [rules, setRules] = useState<CurationRule[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<CurationRule | 'new' | null>(null);

  const load = useCallback(async () => {
    try {
      setRules((await newsletterApi.rules()).rules);
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const toggle = async (rule: CurationRule) => {
    try {
      await newsletterApi.updateRule(rule.id, { enabled: !rule.enabled });
      await load();
    } catch (e) {
      toast.show({ title: t('console.newsletter.error'), description: errorText(e), tone: 'error' });
    }
  };
  const remove = async (rule: CurationRule) => {
    try {
      await newsletterApi.deleteRule(rule.id);
      toast.show({ title: t('console.rules.deleted'), description: rule.name, tone: 'success' });
      await load();
    } catch (e) {
      toast.show({ title: t('console.newsletter.error'), description: errorText(e), tone: 'error' });
    }
  };

  return (
    <Card
      title={t('console.rules.title')}
      actions={
        <button type="button" className="c-button" onClick={() => setEditing('new')}>
          <PlusIcon size={16} /> {t('console.rules.add')}
        </button>
      }
    >
      <p className="c-hint">{t('console.rules.intro')}</p>
      {error ? <InlineError>{t('console.rules.loadFailed', { error })}</InlineError> : null}
      {!rules ? (
        <Skeleton rows={3} label={t('console.rules.loading')} />
      ) : rules.length === 0 ? (
        <EmptyState title={t('console.rules.empty')}>{t('console.rules.emptyText')}</EmptyState>
      ) : (
        <ul className="c-list">
          {rules.map((rule) => (
            <li key={rule.id} className="c-list-item">
              <div className="c-grow">
                <h3>
                  {rule.name} <Badge tone="blue">{t(`console.rules.type.${rule.type}`)}</Badge>{' '}
                  <Badge tone="grey">{t('console.rules.priority', { n: rule.priority })}</Badge>
                </h3>
                <div className="c-hint">{rule.description}</div>
              </div>
              <label className="c-check">
                <input type="checkbox" checked={rule.enabled} onChange={() => void toggle(rule)} /> {t('console.rules.enabled')}
              </label>
              <button type="button" className="c-icon-button" aria-label={t('console.rules.edit', { name: rule.name })} onClick={() => setEditing(rule)}>
                <EditIcon size={16} />
              </button>
              <button type="button" className="c-icon-button" aria-label={t('console.rules.delete', { name: rule.name })} onClick={() => void remove(rule)}>
                <TrashIcon size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <RuleDialog
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await load();
          }}
        />
      ) : null}
    </Card>
  );
}

function RuleDialog({ rule, onClose, onSaved }: { rule: CurationRule | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const toast = useToast();
  const { t } = useConsoleI18n();
  const [name, setName] = useState(rule?.name ?? '');
  const [type, setType] = useState<RuleType>(rule?.type ?? 'keyword');
  const [criteria, setCriteria] = useState(rule ? criteriaText(rule) : '');
  const [priority, setPriority] = useState(rule?.priority ?? 5);
  const [enabled, setEnabled] = useState(rule?.enabled ?? true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    const input: RuleInput = { name, type, criteria: toCriteria(type, criteria), priority, enabled };
    try {
      if (rule) await newsletterApi.updateRule(rule.id, input);
      else await newsletterApi.createRule(input);
      toast.show({ title: rule ? t('console.rules.updated') : t('console.rules.added'), description: name, tone: 'success' });
      await onSaved();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={rule ? t('console.rules.editTitle') : t('console.rules.addTitle')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="c-button c-button-ghost" onClick={onClose}>
            {t('console.newsletter.cancel')}
          </button>
          <button type="button" className="c-button" disabled={busy || !name.trim() || !criteria.trim()} onClick={() => void save()}>
            {busy ? t('console.rules.saving') : t('console.rules.save')}
          </button>
        </>
      }
    >
      {error ? (
        <div className="c-gate" role="alert">
          {error}
        </div>
      ) : null}
      <label className="c-field">
        <span>{t('console.rules.name')}</span>
        <input type="text" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="c-field">
        <span>{t('console.rules.typeLabel')}</span>
        <select
          value={type}
          onChange={(e) => {
            const next = e.target.value as RuleType;
            setType(next);
            if (next === 'urgency' && !/^\d+$/.test(criteria)) setCriteria('80');
          }}
        >
          {RULE_TYPES.map((ruleType) => (
            <option key={ruleType} value={ruleType}>
              {t(`console.rules.type.${ruleType}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="c-field">
        <span>{type === 'urgency' ? t('console.rules.threshold') : t('console.rules.criteria')}</span>
        {type === 'urgency' ? (
          <input type="number" min={0} max={100} value={criteria} onChange={(e) => setCriteria(e.target.value)} />
        ) : (
          <input type="text" value={criteria} onChange={(e) => setCriteria(e.target.value)} placeholder={t('console.rules.placeholder')} />
        )}
        <span className="c-hint">{t(`console.rules.help.${type}`)}</span>
      </label>
      <label className="c-field">
        <span>{t('console.rules.priorityField')}</span>
        <input type="number" min={1} max={10} value={priority} onChange={(e) => setPriority(Number(e.target.value))} />
      </label>
      <label className="c-check">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> {t('console.rules.enabled')}
      </label>
    </Dialog>
  );
}
