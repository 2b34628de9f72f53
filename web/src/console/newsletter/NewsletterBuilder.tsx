import { useCallback, useEffect, useState } from 'react';
import { useToast } from '../../shared/toasts';
import { useConsoleI18n } from '../console-i18n';
import { Badge, PageHeader, Tabs } from '../ui';
import { newsletterApi, errorText, type Newsletter, type NewsletterDetail } from './api';
import { AudienceTab } from './AudienceTab';
import { CreateTab } from './CreateTab';
import { PreviewTab } from './PreviewTab';
import { RulesTab } from './RulesTab';
import './newsletter.css';

type TabKey = 'create' | 'preview' | 'audience' | 'rules';
const TAB_KEYS: TabKey[] = ['create', 'preview', 'audience', 'rules'];

export const STATUS_TONE = { draft: 'grey', sending: 'blue', sent: 'green' } as const;

export function StatusBadge({ status }: { status: Newsletter['status'] }) {
  const { t } = useConsoleI18n();
  return <Badge tone={STATUS_TONE[status]}>{t(`console.newsletter.status.${status}`)}</Badge>;
}

/**
 * Newsletter Builder (/dashboard/newsletter): generate a newsletter from a template (sections
 * filled from auto-eligible stories by the curation rules), preview the real e-mail on desktop or
 * mobile, pick real audience segments and send through SMTP, and edit the curation rules.
 */
export default function NewsletterBuilder() {
  const toast = useToast();
  const { t } = useConsoleI18n();
  const tabs = TAB_KEYS.map((key) => ({ key, label: t(`console.newsletter.tabs.${key}`) }));
  const [tab, setTab] = useState<TabKey>('create');
  const [current, setCurrent] = useState<NewsletterDetail | null>(null);
  const [recent, setRecent] = useState<Newsletter[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);

  const loadRecent = useCallback(async () => {
    try {
      setRecent((await newsletterApi.list()).items);
      setListError(null);
    } catch (error) {
      setListError(errorText(error));
    }
  }, []);

  useEffect(() => {
    void loadRecent();
  }, [loadRecent]);

  const open = useCallback(
    async (id: string) => {
      try {
        setCurrent(await newsletterApi.get(id));
      } catch (error) {
        toast.show({ title: t('console.newsletter.error'), description: errorText(error), tone: 'error' });
      }
    },
    [toast, t],
  );

  const refreshCurrent = useCallback(async () => {
    if (!current) return;
    try {
      setCurrent(await newsletterApi.get(current.newsletter.id));
    } catch {
      // keep what is shown; the next refresh tries again
    }
  }, [current]);

  const onChanged = (detail: NewsletterDetail) => {
    setCurrent(detail);
    void loadRecent();
  };

  return (
    <div className="nl">
      <PageHeader
        title={t('console.newsletter.title')}
        subtitle={t('console.newsletter.subtitle')}
        actions={
          current ? (
            <span className="nl-current">
              <StatusBadge status={current.newsletter.status} /> <strong lang="en">{current.newsletter.title}</strong>
            </span>
          ) : null
        }
      />
      <Tabs tabs={tabs} value={tab} onChange={setTab} label={t('console.newsletter.title')}>
        {tab === 'create' ? (
          <CreateTab
            current={current}
            recent={recent}
            listError={listError}
            onChanged={onChanged}
            onOpen={open}
            onDiscarded={() => {
              setCurrent(null);
              void loadRecent();
            }}
            goTo={setTab}
          />
        ) : null}
        {tab === 'preview' ? <PreviewTab current={current} goTo={setTab} /> : null}
        {tab === 'audience' ? (
          <AudienceTab
            current={current}
            onSent={() => {
              void refreshCurrent();
              void loadRecent();
            }}
            refreshCurrent={refreshCurrent}
            goTo={setTab}
          />
        ) : null}
        {tab === 'rules' ? <RulesTab /> : null}
      </Tabs>
    </div>
  );
}
