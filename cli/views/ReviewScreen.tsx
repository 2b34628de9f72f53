import { Box, Text, useApp, useInput } from 'ink';
import { useCallback, useEffect, useRef, useState } from 'react';
import { statusLabel } from '../../core/stories/pipeline-stages';
import type { OverrideAction } from '../../core/stories/overrides';
import type { Story } from '../../core/stories/story';
import { truncate } from '../output';

/**
 * `c360 review`: stories needing attention, with keys to approve (a), reject (r), escalate (e) or
 * force-publish (p) the selected one. Each action asks for an optional reason first. Data comes in
 * through load/act, so the screen is tested without a database.
 */

export type ReviewProps = {
  load: () => Promise<Story[]>;
  act: (id: string, action: OverrideAction, reason: string) => Promise<string>;
};

const KEYS: Record<string, OverrideAction> = { a: 'approve', r: 'reject', e: 'escalate', p: 'publish' };
const ACTION_LABEL: Record<OverrideAction, string> = { approve: 'Approve', reject: 'Reject', escalate: 'Escalate', publish: 'Force publish' };

export function ReviewScreen({ load, act }: ReviewProps) {
  const { exit } = useApp();
  const [stories, setStoriesState] = useState<Story[] | null>(null);
  const [selected, setSelectedState] = useState(0);
  const [pending, setPendingState] = useState<OverrideAction | null>(null);
  const [reason, setReasonState] = useState('');
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const [busy, setBusyState] = useState(false);
  // Keys can arrive before React re-renders with a new input handler: the handler reads these refs,
  // which always hold the latest values, so no keystroke is judged against a stale screen.
  const live = useRef({ stories: null as Story[] | null, selected: 0, pending: null as OverrideAction | null, reason: '', busy: false });
  const setStories = (v: Story[]) => {
    live.current.stories = v;
    setStoriesState(v);
  };
  const setSelected = (v: number) => {
    live.current.selected = v;
    setSelectedState(v);
  };
  const setPending = (v: OverrideAction | null) => {
    live.current.pending = v;
    setPendingState(v);
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
    if (now.pending) {
      if (key.escape) {
        setPending(null);
        setReason('');
        setMessage({ text: 'Cancelled.' });
      } else if (key.return) {
        const story = now.stories?.[now.selected];
        const action = now.pending;
        const why = now.reason.trim();
        setPending(null);
        if (!story) return;
        setBusy(true);
        act(story.id, action, why)
          .then((text) => setMessage({ text }))
          .catch((error: Error) => setMessage({ text: `Failed to apply override: ${error.message}`, error: true }))
          .then(() => reload())
          .finally(() => {
            setBusy(false);
            setReason('');
          });
      } else if (key.backspace || key.delete) setReason(now.reason.slice(0, -1));
      else if (input && !key.ctrl && !key.meta) setReason((now.reason + input).slice(0, 500));
      return;
    }
    if (input === 'q' || key.escape) return exit();
    const list = now.stories;
    if (!list || list.length === 0) return;
    if (key.upArrow || input === 'k') setSelected(Math.max(0, now.selected - 1));
    else if (key.downArrow || input === 'j') setSelected(Math.min(list.length - 1, now.selected + 1));
    else if (KEYS[input]) {
      setPending(KEYS[input]!);
      setMessage(null);
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
          {i === selected ? '›' : ' '} {s.id.slice(0, 8)} {statusLabel(s).padEnd(13)} {s.ai_risk_level.padEnd(8)} {String(s.source_count).padStart(2)} src {truncate(s.title, 60)}
        </Text>
      ))}
      {current ? (
        <Box flexDirection="column" marginTop={1}>
          <Text>
            {current.region} · {current.pipeline_stage} · sources: {current.source_list.join(', ') || '—'} · triangulated {current.triangulation_check ? 'yes' : 'no'}
          </Text>
          <Text color={current.flag_reason ? 'red' : undefined}>{current.flag_reason ? `Flag: ${current.flag_reason}` : 'Not auto-eligible (no flag).'}</Text>
        </Box>
      ) : null}
      {pending ? (
        <Box marginTop={1}>
          <Text color="yellow">
            {ACTION_LABEL[pending]} “{truncate(current?.title ?? '', 40)}”. Reason (optional, Enter to confirm, Esc to cancel): {reason}
          </Text>
        </Box>
      ) : null}
      {busy ? <Text color="cyan">Applying…</Text> : null}
      {message ? <Text color={message.error ? 'red' : 'green'}>{message.text}</Text> : null}
      <Text dimColor>↑/↓ select · a approve · r reject · e escalate · p force publish · q quit</Text>
    </Box>
  );
}
