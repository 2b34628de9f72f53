import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../data/api';
import { dateTime } from '../../shared/format';
import { useToast } from '../../shared/toasts';
import { CheckIcon, PlusIcon } from '../icons';
import { useLiveReload } from '../live/LiveEvents';
import { consoleApi, PIPELINE_STAGES, type ConsoleStory, type PipelineStage, type Task } from '../stories/api';
import { GATE_MESSAGE } from '../stories/PublishDialog';
import { GateReasons } from '../stories/PublishGate';
import { Badge, Card } from '../ui';
import { PRIORITY_TONE, STATUS_LABEL, TaskDialog } from './TaskBoard';

/** The Workflow tab: move the story through the pipeline stages (audited), its tasks, its audit log. */
export function WorkflowTab({ story, onChanged }: { story: ConsoleStory; onChanged: (story: ConsoleStory) => void }) {
  const { show } = useToast();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<PipelineStage | null>(null);
  const [tasks, setTasks] = useState<Task[]>([]);
  const [assignees, setAssignees] = useState<{ id: string; email: string; role: string }[]>([]);
  const [newTask, setNewTask] = useState(false);
  const current = PIPELINE_STAGES.indexOf(story.pipeline_stage);

  const loadTasks = useCallback(async () => {
    try {
      setTasks((await consoleApi.tasks({ story: story.id })).items);
    } catch {
      setTasks([]);
    }
  }, [story.id]);
  useEffect(() => {
    void loadTasks();
    consoleApi.assignees().then((r) => setAssignees(r.items), () => setAssignees([]));
  }, [loadTasks]);
  useLiveReload(loadTasks, ['tasks']);

  const move = async (stage: PipelineStage) => {
    if (story.live && stage !== 'published' && !window.confirm(`Moving the story to ${stage} takes it off the site. Continue?`)) return;
    setBusy(stage);
    try {
      const { story: moved } = await consoleApi.moveStage(story.id, stage, reason.trim());
      setReason('');
      show({ title: 'Pipeline Stage Complete', description: `Moved to ${stage}.`, tone: 'success' });
      onChanged(moved);
    } catch (e) {
      show({ title: e instanceof ApiError && e.code === 'publish_gate_failed' ? GATE_MESSAGE : `Failed to move the story to ${stage}`, tone: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const audit = [...story.audit_log].reverse();
  return (
    <div className="c-workflow">
      <Card title="Pipeline stage">
        <ol className="c-stepper">
          {PIPELINE_STAGES.map((stage, i) => (
            <li key={stage} className={i < current ? 'done' : i === current ? 'current' : ''} aria-current={i === current ? 'step' : undefined}>
              <span className="c-step-dot" aria-hidden="true">
                {i < current ? <CheckIcon size={12} /> : i + 1}
              </span>
              <span className="c-step-label">{stage}</span>
            </li>
          ))}
        </ol>
        <GateReasons gate={story.publish_gate} id={`gate-${story.id}`} />
        <label className="c-field">
          <span>Reason (optional, kept in the audit log)</span>
          <input type="text" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
        </label>
        <div className="c-row" role="group" aria-label="Move the story to a stage">
          {PIPELINE_STAGES.filter((s) => s !== story.pipeline_stage).map((stage) => (
            <button
              key={stage}
              type="button"
              className={`c-button c-button-small${stage === 'published' ? '' : ' c-button-ghost'}`}
              onClick={() => void move(stage)}
              disabled={busy !== null || (stage === 'published' && !story.publish_gate.ok)}
              aria-describedby={stage === 'published' && !story.publish_gate.ok ? `gate-${story.id}` : undefined}
            >
              {busy === stage ? 'Moving…' : `Move to ${stage}`}
            </button>
          ))}
        </div>
      </Card>
      <Card
        title="Tasks for this story"
        actions={
          <button type="button" className="c-button c-button-ghost c-button-small" onClick={() => setNewTask(true)}>
            <PlusIcon size={14} /> New task
          </button>
        }
      >
        {tasks.length === 0 ? (
          <p className="c-hint">No tasks on this story.</p>
        ) : (
          <ul className="c-list">
            {tasks.map((t) => (
              <li key={t.id} className="c-list-item">
                <Badge tone={PRIORITY_TONE[t.priority]}>{t.priority}</Badge>
                <div className="c-grow">
                  <strong>{t.title}</strong>
                  <div className="c-hint">
                    {STATUS_LABEL[t.status]} · {t.assignee?.email ?? 'Unassigned'} · {t.deadline ? `due ${dateTime(t.deadline)}` : 'no deadline'}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Audit log">
        {audit.length === 0 ? (
          <p className="c-hint">No changes recorded yet.</p>
        ) : (
          <ol className="c-audit">
            {audit.map((e, i) => (
              <li key={`${e.timestamp}-${i}`}>
                <span className="c-mono">{e.action}</span> by <strong>{e.user}</strong> <span className="c-hint">{dateTime(e.timestamp)}</span>
                {e.details ? <div className="c-hint">{e.details}</div> : null}
                {e.reason ? <div className="c-hint">Reason: {e.reason}</div> : null}
              </li>
            ))}
          </ol>
        )}
      </Card>
      {newTask ? (
        <TaskDialog
          task={null}
          storyId={story.id}
          assignees={assignees}
          onClose={() => setNewTask(false)}
          onSaved={() => {
            setNewTask(false);
            void loadTasks();
          }}
        />
      ) : null}
    </div>
  );
}
