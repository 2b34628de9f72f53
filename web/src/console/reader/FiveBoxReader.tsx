import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { isEmptyLayer, LayerCard } from '../../reader/article/LayerCard';
import { useToast } from '../../shared/toasts';
import { useConsoleI18n } from '../console-i18n';
import { timeAgo } from '../format';
import {
  BookmarkIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  HeartIcon,
  MessageIcon,
  MuteIcon,
  PauseIcon,
  PlayIcon,
  PrinterIcon,
  ShareIcon,
  TypeIcon,
  UsersIcon,
  VolumeIcon,
} from '../icons';
import { useLiveReload } from '../live/LiveEvents';
import { consoleApi, type ConsoleStory, type StoryCard } from '../stories/api';
import { RegionBadge } from '../stories/badges';
import { LAYER_ORDER } from '../stories/StoryPreview';
import { EmptyState, PageHeader, Skeleton } from '../ui';
import { FONT_SIZES, keyTakeaways, MODES, readProgress, speechText, swipeDirection, type FontSize, type Mode } from './five-box';

function useLocalFlag(key: string): [boolean, () => void] {
  const [value, setValue] = useState(() => {
    try {
      return localStorage.getItem(key) === '1';
    } catch {
      return false;
    }
  });
  useEffect(() => {
    try {
      setValue(localStorage.getItem(key) === '1');
    } catch {
      setValue(false);
    }
  }, [key]);
  const toggle = () =>
    setValue((v) => {
      try {
        localStorage.setItem(key, v ? '0' : '1');
      } catch {
        // not remembered
      }
      return !v;
    });
  return [value, toggle];
}

/**
 * Five-Box Reader (/dashboard/five-box-reader): a published story's five layers one box at a
 * time, as a reader on a phone would take it: swipe or prev/next or dots, a reading-progress bar,
 * font size, and visual / audio (read aloud by the browser's speech synthesis) / summary modes.
 */
export default function FiveBoxReader() {
  const { show } = useToast();
  const { t, tn, fmt } = useConsoleI18n();
  const layerLabel = (type: (typeof LAYER_ORDER)[number]) => t(`console.fiveBox.layer.${type}`);
  const [params, setParams] = useSearchParams();
  const [stories, setStories] = useState<StoryCard[] | null>(null);
  const [story, setStory] = useState<ConsoleStory | null>(null);
  const [index, setIndex] = useState(0);
  const [fontSize, setFontSize] = useState<FontSize>('medium');
  const [mode, setMode] = useState<Mode>('visual');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const selected = params.get('story') ?? stories?.[0]?.id ?? null;

  const loadList = useCallback(async () => {
    try {
      setStories((await consoleApi.articles({ live: 'published', order: 'published', limit: 50 })).items);
    } catch {
      show({ title: t('console.fiveBox.loadFailed'), tone: 'error' });
      setStories([]);
    }
  }, [show, t]);
  useEffect(() => {
    void loadList();
  }, [loadList]);

  const loadStory = useCallback(async () => {
    if (!selected) return;
    try {
      setStory((await consoleApi.story(selected)).story);
    } catch {
      setStory(null);
    }
  }, [selected]);
  useEffect(() => {
    setIndex(0);
    void loadStory();
  }, [loadStory]);
  // The reader count and the layers follow the live story.
  useLiveReload(loadStory, ['stories'], { minIntervalMs: 5_000 });

  // Layers the pipeline left empty (the sources gave nothing for them) are skipped, as on the article page.
  const order = story?.layers.length
    ? LAYER_ORDER.filter((type) => type === 'short_version' || !isEmptyLayer(story.layers.find((l) => l.layerType === type)))
    : LAYER_ORDER;
  const total = order.length;
  const go = useCallback((next: number) => setIndex(Math.min(total - 1, Math.max(0, next))), [total]);
  const layerType = order[Math.min(index, total - 1)]!;
  const layer = story?.layers.find((l) => l.layerType === layerType);
  const content = layer?.content?.trim() || (layerType === 'short_version' ? (story?.summary ?? '') : '');
  const progress = readProgress(index, total);
  const percentText = new Intl.NumberFormat(fmt.locale, { style: 'percent' }).format(progress / 100);
  const lang = story?.language ?? 'en';

  const [liked, toggleLike] = useLocalFlag(`c360_like_${story?.id ?? ''}`);
  const [saved, toggleSave] = useLocalFlag(`c360_bookmark_${story?.id ?? ''}`);

  const startX = useRef<number | null>(null);
  const onPointerDown = (e: PointerEvent) => {
    startX.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    if (startX.current === null) return;
    const direction = swipeDirection(startX.current, e.clientX);
    startX.current = null;
    if (direction === 'next') go(index + 1);
    if (direction === 'prev') go(index - 1);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(index + 1);
    else if (e.key === 'ArrowLeft') go(index - 1);
    else return;
    e.preventDefault();
  };

  const share = async () => {
    if (!story?.path) return;
    const url = new URL(story.path, window.location.origin).toString();
    try {
      if (navigator.share) await navigator.share({ title: story.title, url });
      else {
        await navigator.clipboard.writeText(url);
        show({ title: t('console.fiveBox.linkCopied'), description: url, tone: 'success' });
      }
    } catch {
      // the reader closed the share sheet; nothing to say
    }
  };

  if (!stories) return <Skeleton rows={3} label={t('console.fiveBox.loading')} />;
  if (stories.length === 0) {
    return (
      <>
        <PageHeader title={t('console.fiveBox.title')} />
        <EmptyState title={t('console.fiveBox.noPublished')}>{t('console.fiveBox.noPublishedBody')}</EmptyState>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={t('console.fiveBox.title')}
        subtitle={t('console.fiveBox.subtitle')}
        actions={
          <label className="c-field c-story-picker">
            <span className="visually-hidden">{t('console.fiveBox.story')}</span>
            <select value={selected ?? ''} onChange={(e) => setParams({ story: e.target.value })}>
              {stories.map((s) => (
                <option key={s.id} value={s.id} lang={s.language ?? 'en'}>
                  {s.title}
                </option>
              ))}
              {selected && !stories.some((s) => s.id === selected) && story ? (
                <option value={story.id} lang={story.language ?? 'en'}>
                  {story.title}
                </option>
              ) : null}
            </select>
          </label>
        }
      />
      {!story ? (
        <Skeleton rows={3} label={t('console.fiveBox.loadingStory')} />
      ) : (
        <div className={`c-fivebox c-font-${fontSize}`}>
          <header className="c-fivebox-head">
            <div className="c-meta">
              <RegionBadge region={story.region} />
              <span>{timeAgo(story.published_at, new Date(), fmt.locale, t('console.card.justNow'))}</span>
              <span aria-hidden="true">·</span>
              <span>{tn('console.card.source', story.source_count ?? story.source_list?.length ?? 0)}</span>
              <span aria-hidden="true">·</span>
              <span title={t('console.fiveBox.viewsTitle')}>
                <UsersIcon size={13} /> {tn('console.fiveBox.readers', story.view_count)}
              </span>
            </div>
            <h2 className="c-fivebox-title" lang={lang}>
              {story.title}
            </h2>
            <div className="c-fivebox-progress">
              <div
                className="c-progress"
                role="progressbar"
                aria-label={t('console.fiveBox.progress')}
                aria-valuenow={progress}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <span style={{ width: `${progress}%` }} />
              </div>
              <span className="c-hint">{t('console.fiveBox.read', { percent: percentText })}</span>
            </div>
          </header>

          <section
            className="c-fivebox-box"
            aria-roledescription="carousel"
            aria-label={t('console.fiveBox.boxLabel', { layer: layerLabel(layerType), n: index + 1, total })}
            tabIndex={0}
            onKeyDown={onKeyDown}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (startX.current = null)}
            data-layer={layerType}
          >
            <p className="c-fivebox-kicker">
              {index + 1} / {total} · {t(`console.fiveBox.hint.${layerType}`)}
            </p>
            {mode === 'summary' ? (
              <div className="c-takeaways">
                <h3>{t('console.fiveBox.takeaways', { layer: layerLabel(layerType) })}</h3>
                {content ? (
                  <ul lang={lang}>
                    {keyTakeaways(content).map((line, i) => (
                      <li key={i}>{line}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="c-hint">{t('console.fiveBox.notWritten')}</p>
                )}
              </div>
            ) : (
              <LayerCard type={layerType} layer={layer} summary={story.summary} lang={lang} />
            )}
            {mode === 'audio' ? (
              <VoiceReader
                key={`${story.id}-${layerType}`}
                text={speechText(layerLabel(layerType), content || story.summary)}
                lang={lang}
                onEnd={() => index < total - 1 && go(index + 1)}
              />
            ) : null}
          </section>

          <nav className="c-fivebox-nav" aria-label={t('console.fiveBox.layers')}>
            <button type="button" className="c-button c-button-ghost" onClick={() => go(index - 1)} disabled={index === 0}>
              <ChevronLeftIcon size={16} /> {t('console.fiveBox.previous')}
            </button>
            <ol className="c-dots">
              {order.map((type, i) => (
                <li key={type}>
                  <button
                    type="button"
                    className="c-dot"
                    aria-label={t('console.fiveBox.dot', { n: i + 1, layer: layerLabel(type) })}
                    aria-current={i === index ? 'step' : undefined}
                    onClick={() => go(i)}
                  />
                </li>
              ))}
            </ol>
            <button type="button" className="c-button c-button-ghost" onClick={() => go(index + 1)} disabled={index === total - 1}>
              {t('console.fiveBox.next')} <ChevronRightIcon size={16} />
            </button>
          </nav>

          <div className="c-fivebox-actions">
            <button type="button" className="c-icon-button" aria-pressed={liked} onClick={toggleLike} title={t('console.fiveBox.likeTitle')}>
              <HeartIcon size={18} /> <span>{liked ? t('console.fiveBox.liked') : t('console.fiveBox.like')}</span>
            </button>
            <button type="button" className="c-icon-button" aria-pressed={saved} onClick={toggleSave} title={t('console.fiveBox.bookmarkTitle')}>
              <BookmarkIcon size={18} /> <span>{saved ? t('console.fiveBox.saved') : t('console.fiveBox.save')}</span>
            </button>
            <button type="button" className="c-icon-button" onClick={() => void share()} disabled={!story.path}>
              <ShareIcon size={18} /> <span>{t('console.fiveBox.share')}</span>
            </button>
            <Link className="c-icon-button" to={`/dashboard/editor?doc=${encodeURIComponent(story.id)}&tab=community`}>
              <MessageIcon size={18} /> <span>{t('console.fiveBox.discuss')}</span>
            </Link>
            <button type="button" className="c-icon-button" onClick={() => window.print()}>
              <PrinterIcon size={18} /> <span>PDF</span>
            </button>
            <button
              type="button"
              className="c-icon-button"
              aria-expanded={settingsOpen}
              aria-controls="reading-settings"
              onClick={() => setSettingsOpen((o) => !o)}
            >
              <TypeIcon size={18} /> <span>{t('console.fiveBox.readingSettings')}</span>
            </button>
          </div>
          {settingsOpen ? (
            <div id="reading-settings" className="c-reading-settings">
              <fieldset className="c-fieldset">
                <legend>{t('console.fiveBox.fontSize')}</legend>
                <div className="c-row">
                  {FONT_SIZES.map((size) => (
                    <label key={size} className="c-check">
                      <input type="radio" name="font-size" value={size} checked={fontSize === size} onChange={() => setFontSize(size)} />{' '}
                      {t(`console.fiveBox.size.${size}`)}
                    </label>
                  ))}
                </div>
              </fieldset>
              <fieldset className="c-fieldset">
                <legend>{t('console.fiveBox.mode')}</legend>
                <div className="c-row">
                  {MODES.map((m) => (
                    <label key={m} className="c-check">
                      <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} /> {t(`console.fiveBox.modes.${m}`)}
                    </label>
                  ))}
                </div>
              </fieldset>
            </div>
          ) : null}
        </div>
      )}
    </>
  );
}

/**
 * Audio mode: reads the layer aloud with the browser's speech synthesis. Mute keeps the place:
 * it restarts the speech from the last word spoken at the new volume.
 */
function VoiceReader({ text, lang, onEnd }: { text: string; lang: string; onEnd: () => void }) {
  const { t } = useConsoleI18n();
  const supported = typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const position = useRef(0);
  const current = useRef<SpeechSynthesisUtterance | null>(null);
  const ending = useRef(onEnd);
  ending.current = onEnd;

  const speak = useCallback(
    (from: number, volume: number) => {
      if (!supported) return;
      window.speechSynthesis.cancel();
      const utterance = new SpeechSynthesisUtterance(text.slice(from));
      utterance.volume = volume;
      utterance.lang = lang;
      utterance.onboundary = (e) => {
        position.current = from + e.charIndex;
      };
      utterance.onend = () => {
        if (utterance !== current.current) return;
        setPlaying(false);
        position.current = 0;
        ending.current();
      };
      current.current = utterance;
      window.speechSynthesis.speak(utterance);
    },
    [supported, text, lang],
  );

  useEffect(
    () => () => {
      current.current = null;
      if (supported) window.speechSynthesis.cancel();
    },
    [supported],
  );

  if (!supported) return <p className="c-hint">{t('console.fiveBox.cannotRead')}</p>;
  const toggle = () => {
    if (playing) {
      window.speechSynthesis.pause();
      setPlaying(false);
    } else {
      if (window.speechSynthesis.paused && current.current) window.speechSynthesis.resume();
      else speak(position.current, muted ? 0 : 1);
      setPlaying(true);
    }
  };
  const toggleMute = () => {
    const next = !muted;
    setMuted(next);
    if (playing) speak(position.current, next ? 0 : 1);
  };
  return (
    <div className="c-voice-reader" role="group" aria-label={t('console.fiveBox.voice')}>
      <span className="c-label">{t('console.fiveBox.voice')}</span>
      <button type="button" className="c-button c-button-small" onClick={toggle} aria-pressed={playing}>
        {playing ? <PauseIcon size={14} /> : <PlayIcon size={14} />} {playing ? t('console.fiveBox.pause') : t('console.fiveBox.play')}
      </button>
      <button type="button" className="c-button c-button-ghost c-button-small" onClick={toggleMute} aria-pressed={muted}>
        {muted ? <MuteIcon size={14} /> : <VolumeIcon size={14} />} {muted ? t('console.fiveBox.unmute') : t('console.fiveBox.mute')}
      </button>
    </div>
  );
}
