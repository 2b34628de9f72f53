import { useCallback, useEffect, useState } from 'react';
import { useToast } from '../../shared/toasts';
import { EditIcon, PlusIcon, TrashIcon } from '../icons';
import { Badge, Card, Dialog, EmptyState, InlineError, Skeleton } from '../ui';
import { errorText, newsletterApi, type CurationRule, type RuleInput, type RuleType } from './api';

const TYPE_LABEL: Record<RuleType, string> = { urgency: 'Urgency', keyword: 'Keyword', topic: 'Topic', region: 'Region' };
const TYPE_HELP: Record<RuleType, string> = {
  urgency: 'Stories with at least this urgency (0–100).',
  keyword: 'Stories whose title, summary or tags mention one of these words (comma-separated).',
  topic: "Stories tagged with one of these topics, or carrying one of these indicators in their metrics (comma-separated).",
  region: "Stories whose region names one of these places (comma-separated).",
};

function criteriaText(rule: Pick<CurationRule, 'type' | 'criteria'>): string {
  if (rule.type === 'urgency') return String(rule.criteria.threshold ?? 80);
  return (rule.criteria.keywords ?? rule.criteria.topics ?? rule.criteria.regions ?? []).join(', ');
}

function toCriteria(type: RuleType, text: string): CurationRule['criteria'] {
  if (type === 'urgency') return { threshold: Number(text) };
  const terms = text.split(',').map((t) => t.trim()).filter(Boolean);
  return type === 'keyword' ? { keywords: terms } : type === 'topic' ? { topics: terms } : { regions: terms };
}

/** Curation rules, stored in the database and applied whenever sections are filled. */
export function RulesTab() {
  const toast = useToast();
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
      toast.show({ title: 'Error', description: errorText(e), tone: 'error' });
    }
  };
  const remove = async (rule: CurationRule) => {
    try {
      await newsletterApi.deleteRule(rule.id);
      toast.show({ title: 'Rule deleted', description: rule.name, tone: 'success' });
      await load();
    } catch (e) {
      toast.show({ title: 'Error', description: errorText(e), tone: 'error' });
    }
  };

  return (
    <Card
      title="Curation rules"
      actions={
        <button type="button" className="c-button" onClick={() => setEditing('new')}>
          <PlusIcon size={16} /> Add rule
        </button>
      }
    >
      <p className="c-hint">
        When a newsletter is generated, stories that an enabled rule matches go first in every section (priority 1 first), and the curated section takes only such stories. Headlines need urgency above 80; diaspora sections take stories tagged diaspora, remittances or investment; economic sections economy, trade, business or GDP.
      </p>
      {error ? <InlineError>Error loading rules: {error}</InlineError> : null}
      {!rules ? (
        <Skeleton rows={3} label="Loading rules…" />
      ) : rules.length === 0 ? (
        <EmptyState title="No curation rules">Sections are then filled newest first.</EmptyState>
      ) : (
        <ul className="c-list">
          {rules.map((rule) => (
            <li key={rule.id} className="c-list-item">
              <div className="c-grow">
                <h3>
                  {rule.name} <Badge tone="blue">{TYPE_LABEL[rule.type]}</Badge> <Badge tone="grey">priority {rule.priority}</Badge>
                </h3>
                <div className="c-hint">{rule.description}</div>
              </div>
              <label className="c-check">
                <input type="checkbox" checked={rule.enabled} onChange={() => void toggle(rule)} /> Enabled
              </label>
              <button type="button" className="c-icon-button" aria-label={`Edit ${rule.name}`} onClick={() => setEditing(rule)}>
                <EditIcon size={16} />
              </button>
              <button type="button" className="c-icon-button" aria-label={`Delete ${rule.name}`} onClick={() => void remove(rule)}>
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
      toast.show({ title: rule ? 'Rule updated' : 'Rule added', description: name, tone: 'success' });
      await onSaved();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={rule ? 'Edit curation rule' : 'Add curation rule'}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="c-button c-button-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="c-button" disabled={busy || !name.trim() || !criteria.trim()} onClick={() => void save()}>
            {busy ? 'Saving…' : 'Save rule'}
          </button>
        </>
      }
    >
      {error ? <div className="c-gate" role="alert">{error}</div> : null}
      <label className="c-field">
        <span>Name</span>
        <input type="text" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="c-field">
        <span>Type</span>
        <select
          value={type}
          onChange={(e) => {
            const next = e.target.value as RuleType;
            setType(next);
            if (next === 'urgency' && !/^\d+$/.test(criteria)) setCriteria('80');
          }}
        >
          {(Object.keys(TYPE_LABEL) as RuleType[]).map((t) => (
            <option key={t} value={t}>{TYPE_LABEL[t]}</option>
          ))}
        </select>
      </label>
      <label className="c-field">
        <span>{type === 'urgency' ? 'Threshold' : 'Criteria'}</span>
        {type === 'urgency' ? (
          <input type="number" min={0} max={100} value={criteria} onChange={(e) => setCriteria(e.target.value)} />
        ) : (
          <input type="text" value={criteria} onChange={(e) => setCriteria(e.target.value)} placeholder="remittances, tourism" />
        )}
        <span className="c-hint">{TYPE_HELP[type]}</span>
      </label>
      <label className="c-field">
        <span>Priority (1 strongest – 10)</span>
        <input type="number" min={1} max={10} value={priority} onChange={(e) => setPriority(Number(e.target.value))} />
      </label>
      <label className="c-check">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Enabled
      </label>
    </Dialog>
  );
}
