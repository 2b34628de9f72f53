import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../data/api';
import { useToast } from '../../shared/toasts';
import { CheckIcon, PlusIcon } from '../icons';
import { useLiveReload } from '../live/LiveEvents';
import { consoleApi, PIPELINE_STAGES, type ConsoleStory, type PipelineStage, type Task } from '../stories/api';
import { GATE_MESSAGE_KEY } from '../stories/PublishDialog';
import { GateReasons } from '../stories/PublishGate';
import { known, useConsoleI18n } from '../console-i18n';
import { Badge, Card } from '../ui';
import { PRIORITY_TONE, priorityLabel, statusLabel, TaskDialog } from './TaskBoard';

/** The Workflow tab: move the story through the pipeline stages (audited), its tasks, its audit log. */
export function WorkflowTab({ story, onChanged }: { story: ConsoleStory; onChanged: (story: ConsoleStory) => void }) {
  const { show } = useToast();
  const { t, fmt } = useConsoleI18n();
  const stageName = (stage: string) => known(t, `console.stage.${stage}`, stage);
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
    consoleApi.assignees().then(
      (r) => setAssignees(r.items),
      () => setAssignees([]),
    );
  }, [loadTasks]);
  useLiveReload(loadTasks, ['tasks']);

  const move = async (stage: PipelineStage) => {
    if (story.live && stage !== 'published' && !window.confirm(t('console.workflow.moveConfirm', { stage: stageName(stage) }))) return;
    setBusy(stage);
    try {
      const { story: moved } = await consoleApi.moveStage(story.id, stage, reason.trim());
      setReason('');
      show({ title: t('console.workflow.stageDone'), description: t('console.workflow.movedToStage', { stage: stageName(stage) }), tone: 'success' });
      onChanged(moved);
    } catch (e) {
      show({
        title: e instanceof ApiError && e.code === 'publish_gate_failed' ? t(GATE_MESSAGE_KEY) : t('console.workflow.moveFailed', { stage: stageName(stage) }),
        tone: 'error',
      });
    } finally {
      setBusy(null);
    }
  };

  const audit = [...story.audit_log].reverse();
  return (
    <div className="c-workflow">
      <Card title={t('console.workflow.stage')}>
        <ol className="c-stepper">
          {PIPELINE_STAGES.map((stage, i) => (
            <li key={stage} className={i < current ? 'done' : i === current ? 'current' : ''} aria-current={i === current ? 'step' : undefined}>
              <span className="c-step-dot" aria-hidden="true">
                {i < current ? <CheckIcon size={12} /> : i + 1}
              </span>
              <span className="c-step-label">{stageName(stage)}</span>
            </li>
          ))}
        </ol>
        <GateReasons gate={story.publish_gate} id={`gate-${story.id}`} />
        <label className="c-field">
          <span>{t('console.workflow.stageReason')}</span>
          <input type="text" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
        </label>
        <div className="c-row" role="group" aria-label={t('console.workflow.moveGroup')}>
          {PIPELINE_STAGES.filter((s) => s !== story.pipeline_stage).map((stage) => (
            <button
              key={stage}
              type="button"
              className={`c-button c-button-small${stage === 'published' ? '' : ' c-button-ghost'}`}
              onClick={() => void move(stage)}
              disabled={busy !== null || (stage === 'published' && !story.publish_gate.ok)}
              aria-describedby={stage === 'published' && !story.publish_gate.ok ? `gate-${story.id}` : undefined}
            >
              {busy === stage ? t('console.workflow.moving') : t('console.workflow.moveTo', { stage: stageName(stage) })}
            </button>
          ))}
        </div>
      </Card>
      <Card
        title={t('console.workflow.storyTasks')}
        actions={
          <button type="button" className="c-button c-button-ghost c-button-small" onClick={() => setNewTask(true)}>
            <PlusIcon size={14} /> {t('console.workflow.newTask')}
          </button>
        }
      >
        {tasks.length === 0 ? (
          <p className="c-hint">{t('console.workflow.noStoryTasks')}</p>
        ) : (
          <ul className="c-list">
            {tasks.map((task) => (
              <li key={task.id} className="c-list-item">
                <Badge tone={PRIORITY_TONE[task.priority]}>{priorityLabel(t, task.priority)}</Badge>
                <div className="c-grow">
                  <strong>{task.title}</strong>
                  <div className="c-hint">
                    {statusLabel(t, task.status)} · {task.assignee?.email ?? t('console.workflow.unassigned')} ·{' '}
                    {task.deadline ? t('console.workflow.dueLower', { time: fmt.dateTime(task.deadline) }) : t('console.workflow.noDeadlineLower')}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('console.workflow.auditLog')}>
        {audit.length === 0 ? (
          <p className="c-hint">{t('console.workflow.noAudit')}</p>
        ) : (
          <ol className="c-audit">
            {audit.map((e, i) => (
              <li key={`${e.timestamp}-${i}`}>
                <span className="c-mono">{e.action}</span> {t('console.workflow.by')} <strong>{e.user}</strong>{' '}
                <span className="c-hint">{fmt.dateTime(e.timestamp)}</span>
                {e.details ? (
                  <div className="c-hint" lang="en">
                    {typeof e.details === 'string' ? e.details : JSON.stringify(e.details)}
                  </div>
                ) : null}
                {e.reason ? <div className="c-hint">{t('console.workflow.reason', { reason: e.reason })}</div> : null}
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
