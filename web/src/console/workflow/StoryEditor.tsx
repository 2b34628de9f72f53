import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../data/api';
import { ArrowLeftIcon } from '../../shared/icons';
import { ExternalIcon } from '../icons';
import { useLiveEvent } from '../live/LiveEvents';
import { consoleApi, type ConsoleStory } from '../stories/api';
import { RegionBadge, StageBadge, StatusBadge } from '../stories/badges';
import { useConsoleT } from '../console-i18n';
import { InlineError, PageHeader, Skeleton, Tabs } from '../ui';
import { CommunityPanel } from './CommunityPanel';
import { ContentTab } from './ContentTab';
import { WorkflowTab } from './WorkflowTab';

type Tab = 'content' | 'community' | 'workflow';
const TABS: readonly Tab[] = ['content', 'community', 'workflow'];

/** The story editor: Content (text and five layers, with a preview), Community (voices), Workflow (stage, tasks, audit). */
export function StoryEditor({ id, initialTab }: { id: string | null; initialTab?: string | null }) {
  const t = useConsoleT();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>(TABS.includes(initialTab as Tab) ? (initialTab as Tab) : 'content');
  const [story, setStory] = useState<ConsoleStory | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [changedElsewhere, setChangedElsewhere] = useState(false);

  const load = useCallback(async () => {
    if (!id) return;
    try {
      setStory((await consoleApi.story(id)).story);
      setChangedElsewhere(false);
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError && e.status === 404 ? t('console.editor.missing') : (e as Error).message);
    }
  }, [id, t]);
  useEffect(() => {
    void load();
  }, [load]);

  // Someone else changed this story: reload at once, unless the editor has unsaved edits.
  useLiveEvent(['stories'], (type, data) => {
    if (!id) return;
    const ids = Array.isArray(data.ids) ? (data.ids as string[]) : null;
    if (type !== 'resync' && ids && !ids.includes(id)) return;
    if (dirty) setChangedElsewhere(true);
    else void load();
  });

  if (!id) {
    return (
      <>
        <BackLink />
        <PageHeader title={t('console.editor.newTitle')} subtitle={t('console.editor.newSubtitle')} />
        <ContentTab story={null} onSaved={(s) => navigate(`/dashboard/editor?doc=${encodeURIComponent(s.id)}`, { replace: true })} onDirty={setDirty} />
      </>
    );
  }
  if (error) {
    return (
      <>
        <BackLink />
        <InlineError>{error}</InlineError>
      </>
    );
  }
  if (!story) return <Skeleton rows={4} label={t('console.editor.loading')} />;
  return (
    <>
      <BackLink />
      <PageHeader
        title={story.title}
        titleLang={story.language ?? 'en'}
        subtitle={
          <span className="c-row">
            <RegionBadge region={story.region} />
            <StageBadge stage={story.pipeline_stage} />
            <StatusBadge label={story.status_label} />
            <span>{story.live ? t('console.editor.live') : t('console.editor.notPublished')}</span>
          </span>
        }
        actions={
          story.path ? (
            <a className="c-button c-button-ghost" href={story.path} target="_blank" rel="noreferrer">
              <ExternalIcon size={16} /> {t('console.editor.viewOnSite')}
            </a>
          ) : null
        }
      />
      {changedElsewhere ? (
        <div className="c-notice-bar" role="status">
          {t('console.editor.changedElsewhere')}{' '}
          <button type="button" className="c-link-button" onClick={() => void load()}>
            {t('console.editor.loadLatest')}
          </button>{' '}
          {t('console.editor.unsavedLost')}
        </div>
      ) : null}
      <Tabs<Tab>
        label={t('console.editor.tabsLabel')}
        value={tab}
        onChange={setTab}
        tabs={[
          { key: 'content', label: t('console.editor.tabContent') },
          { key: 'community', label: t('console.editor.tabCommunity') },
          { key: 'workflow', label: t('console.editor.tabWorkflow') },
        ]}
      >
        {tab === 'content' ? (
          <ContentTab key={story.updated_at} story={story} onSaved={setStory} onDirty={setDirty} />
        ) : tab === 'community' ? (
          <CommunityPanel story={story} />
        ) : (
          <WorkflowTab story={story} onChanged={setStory} />
        )}
      </Tabs>
    </>
  );
}

function BackLink() {
  const t = useConsoleT();
  return (
    <p className="c-back">
      <Link to="/dashboard/editor">
        <ArrowLeftIcon size={16} /> {t('console.editor.back')}
      </Link>
    </p>
  );
}
