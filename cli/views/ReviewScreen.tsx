import { Box, Text, useApp, useInput } from 'ink';
import { useCallback, useEffect, useRef, useState } from 'react';
import { statusLabel } from '../../core/stories/pipeline-stages';
import { countUnresolved, presentClaims, type ClaimAction } from '../../core/stories/claim-resolution';
import type { OverrideAction } from '../../core/stories/overrides';
import type { Story } from '../../core/stories/story';
import { checkedLine } from '../checked-line';
import { truncate } from '../output';

/**
 * `c360 review`: stories needing attention, with keys to approve (a), reject (r), escalate (e) or
 * force-publish (p) the selected one, and the selected story's claims: 1-9 picks a claim, c confirms,
 * d disputes, x dismisses it. An override asks for an optional reason first; a claim decision and a
 * force publish need one, and a force publish asks y/N after it. Data comes in through
 * load/act/resolve, so the screen is tested without a database.
 */

export type ReviewProps = {
  load: () => Promise<Story[]>;
  act: (id: string, action: OverrideAction, reason: string) => Promise<string>;
  /** Decides on claim number `claim` (1-based, as listed) of a story. */
  resolve: (id: string, claim: number, action: ClaimAction, reason: string) => Promise<string>;
};

type Pending = { kind: 'override'; action: OverrideAction } | { kind: 'claim'; action: ClaimAction; claim: number };

const KEYS: Record<string, OverrideAction> = { a: 'approve', r: 'reject', e: 'escalate', p: 'publish' };
const CLAIM_KEYS: Record<string, ClaimAction> = { c: 'confirm', d: 'dispute', x: 'dismiss' };
const ACTION_LABEL: Record<OverrideAction, string> = { approve: 'Approve', reject: 'Reject', escalate: 'Escalate', publish: 'Force publish' };
const CLAIM_LABEL: Record<ClaimAction, string> = { confirm: 'Confirm', dispute: 'Dispute', dismiss: 'Dismiss' };
const needsReason = (p: Pending) => p.kind === 'claim' || p.action === 'publish';

export function ReviewScreen({ load, act, resolve }: ReviewProps) {
  const { exit } = useApp();
  const [stories, setStoriesState] = useState<Story[] | null>(null);
  const [selected, setSelectedState] = useState(0);
  const [pending, setPendingState] = useState<Pending | null>(null);
  const [confirming, setConfirmingState] = useState(false);
  const [claim, setClaimState] = useState(1);
  const [reason, setReasonState] = useState('');
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const [busy, setBusyState] = useState(false);
  // Keys can arrive before React re-renders with a new input handler: the handler reads these refs,
  // which always hold the latest values, so no keystroke is judged against a stale screen.
  const live = useRef({ stories: null as Story[] | null, selected: 0, pending: null as Pending | null, confirming: false, claim: 1, reason: '', busy: false });
  const setStories = (v: Story[]) => {
    live.current.stories = v;
    setStoriesState(v);
  };
  const setSelected = (v: number) => {
    live.current.selected = v;
    setSelectedState(v);
  };
  const setPending = (v: Pending | null) => {
    live.current.pending = v;
    setPendingState(v);
  };
  const setConfirming = (v: boolean) => {
    live.current.confirming = v;
    setConfirmingState(v);
  };
  const setClaim = (v: number) => {
    live.current.claim = v;
    setClaimState(v);
  };
  const setReason = (v: string) => {
    live.current.reason = v;
    setReasonState(v);
  };
  const setBusy = (v: boolean) => {
    live.current.busy = v;
    setBusyState(v);
  };

  const reload = useCallback(async () => {
    const list = await load();
    setStories(list);
    setSelected(Math.min(live.current.selected, Math.max(0, list.length - 1)));
  }, [load]);

  useEffect(() => {
    reload().catch((error: Error) => setMessage({ text: `Failed to load: ${error.message}`, error: true }));
  }, [reload]);

  useInput((input, key) => {
    const now = live.current;
    if (now.busy) return;
    const run = (story: Story, p: Pending, why: string) => {
      setBusy(true);
      const work = p.kind === 'override' ? act(story.id, p.action, why) : resolve(story.id, p.claim, p.action, why);
      work
        .then((text) => setMessage({ text }))
        .catch((error: Error) =>
          setMessage({ text: `${p.kind === 'override' ? 'Failed to apply override' : 'Failed to resolve the claim'}: ${error.message}`, error: true }),
        )
        .then(() => reload())
        .finally(() => {
          setBusy(false);
          setReason('');
        });
    };
    const cancel = () => {
      setPending(null);
      setConfirming(false);
      setReason('');
      setMessage({ text: 'Cancelled.' });
    };
    if (now.pending && now.confirming) {
      // Force publish: the second step, y to go ahead; any other key cancels.
      const story = now.stories?.[now.selected];
      const p = now.pending;
      if (input === 'y' || input === 'Y') {
        setPending(null);
        setConfirming(false);
        if (story) run(story, p, now.reason.trim());
      } else cancel();
      return;
    }
    if (now.pending) {
      if (key.escape) cancel();
      else if (key.return) {
        const story = now.stories?.[now.selected];
        const p = now.pending;
        const why = now.reason.trim();
        if (!why && needsReason(p)) {
          setMessage({ text: 'A reason is required.', error: true });
          return;
        }
        if (p.kind === 'override' && p.action === 'publish') {
          setConfirming(true);
          setMessage(null);
          return;
        }
        setPending(null);
        if (!story) return;
        run(story, p, why);
      } else if (key.backspace || key.delete) setReason(now.reason.slice(0, -1));
      else if (input && !key.ctrl && !key.meta) setReason((now.reason + input).slice(0, 500));
      return;
    }
    if (input === 'q' || key.escape) return exit();
    const list = now.stories;
    if (!list || list.length === 0) return;
    const claims = list[now.selected]?.ai_fact_check_panel ?? [];
    if (key.upArrow || input === 'k') {
      setSelected(Math.max(0, now.selected - 1));
      setClaim(1);
    } else if (key.downArrow || input === 'j') {
      setSelected(Math.min(list.length - 1, now.selected + 1));
      setClaim(1);
    } else if (/^[1-9]$/.test(input)) {
      if (Number(input) <= claims.length) setClaim(Number(input));
    } else if (KEYS[input]) {
      setPending({ kind: 'override', action: KEYS[input]! });
      setMessage(null);
    } else if (CLAIM_KEYS[input]) {
      if (claims.length === 0) setMessage({ text: 'This story has no claims to resolve.', error: true });
      else {
        setPending({ kind: 'claim', action: CLAIM_KEYS[input]!, claim: Math.min(now.claim, claims.length) });
        setMessage(null);
      }
    }
  });

  if (stories === null) return <Text>{message ? <Text color="red">{message.text}</Text> : 'Loading stories that need attention…'}</Text>;
  const current = stories[selected];
  return (
    <Box flexDirection="column">
      <Text bold>Stories needing attention ({stories.length}): flagged or not auto-eligible, newest first</Text>
      {stories.length === 0 ? <Text dimColor>Nothing needs attention.</Text> : null}
      {stories.map((s, i) => (
        <Text key={s.id} inverse={i === selected}>
          {i === selected ? '›' : ' '} {s.id.slice(0, 8)} {statusLabel(s).padEnd(13)} {s.ai_risk_level.padEnd(8)} {String(s.source_count).padStart(2)} src{' '}
          {truncate(s.title, 60)}
        </Text>
      ))}
      {current ? (
        <Box flexDirection="column" marginTop={1}>
          <Text>
            {current.region} · {current.pipeline_stage} · sources: {current.source_list.join(', ') || '—'} · checked: {checkedLine(current)}
            {current.human_verified ? ' · approved' : ''}
          </Text>
          <Text color={current.flag_reason ? 'red' : undefined}>{current.flag_reason ? `Flag: ${current.flag_reason}` : 'Not auto-eligible (no flag).'}</Text>
          <ClaimList story={current} selected={claim} />
        </Box>
      ) : null}
      {pending && !confirming ? (
        <Box marginTop={1}>
          <Text color="yellow">
            {pending.kind === 'override'
              ? `${ACTION_LABEL[pending.action]} “${truncate(current?.title ?? '', 40)}”. Reason (${pending.action === 'publish' ? 'required, Enter to continue' : 'optional, Enter to confirm'}, Esc to cancel): ${reason}`
              : `${CLAIM_LABEL[pending.action]} claim ${pending.claim}. Reason (required, Enter to confirm, Esc to cancel): ${reason}`}
          </Text>
        </Box>
      ) : null}
      {pending && confirming ? (
        <Box marginTop={1}>
          <Text color="yellow">Force publish “{truncate(current?.title ?? '', 40)}” past the publish gate? y/N</Text>
        </Box>
      ) : null}
      {busy ? <Text color="cyan">Applying…</Text> : null}
      {message ? <Text color={message.error ? 'red' : 'green'}>{message.text}</Text> : null}
      <Text dimColor>↑/↓ story · 1-9 claim · c confirm · d dispute · x dismiss · a approve · r reject · e escalate · p force publish · q quit</Text>
    </Box>
  );
}

/** The selected story's claims: verdict or decision, who supports or contradicts each, and what blocks it. */
function ClaimList({ story, selected }: { story: Story; selected: number }) {
  const claims = presentClaims(story.ai_fact_check_panel);
  if (claims.length === 0) return <Text dimColor>No claims to check.</Text>;
  const list = (outlets: unknown) => (Array.isArray(outlets) && outlets.length ? outlets.join(', ') : '—');
  return (
    <Box flexDirection="column">
      <Text bold>
        Claims ({claims.length}, {countUnresolved(claims)} unresolved):
      </Text>
      {claims.slice(0, 9).map((c, i) => (
        <Box key={c.key} flexDirection="column">
          <Text inverse={i + 1 === selected}>
            {i + 1 === selected ? '›' : ' '} {i + 1}. [{c.decision ?? c.verdict ?? (c.resolved ? 'resolved' : 'unresolved')}] {truncate(c.claim, 90)}
          </Text>
          <Text dimColor>
            {'     '}supported by {list(c.supporting_outlets)} · contradicted by {list(c.contradicting_outlets)}
          </Text>
          {c.unresolved_reason ? (
            <Text color="red">
              {'     '}unresolved: {c.unresolved_reason}
            </Text>
          ) : c.decision ? (
            <Text color="green">
              {'     '}
              {c.decision} by {c.decided_by}: {c.decision_reason}
            </Text>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
