import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { isEmptyLayer, LayerCard } from '../../reader/article/LayerCard';
import { useToast } from '../../shared/toasts';
import { sourceLabel, timeAgo } from '../format';
import { BookmarkIcon, ChevronLeftIcon, ChevronRightIcon, HeartIcon, MessageIcon, MuteIcon, PauseIcon, PlayIcon, PrinterIcon, ShareIcon, TypeIcon, UsersIcon, VolumeIcon } from '../icons';
import { useLiveReload } from '../live/LiveEvents';
import { consoleApi, type ConsoleStory, type StoryCard } from '../stories/api';
import { RegionBadge } from '../stories/badges';
import { LAYER_LABELS, LAYER_ORDER } from '../stories/StoryPreview';
import { EmptyState, PageHeader, Skeleton } from '../ui';
import { FONT_SIZES, keyTakeaways, MODES, readProgress, speechText, swipeDirection, type FontSize, type Mode } from './five-box';

const LAYER_HINTS: Record<(typeof LAYER_ORDER)[number], string> = {
  short_version: 'The story in two sentences',
  what_happened: 'The facts, with who reported them',
  what_locals_saying: 'Voices from the region',
  why_it_matters: 'The impact for the region and the diaspora',
  our_take: 'Where the outlets agree and differ',
};

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
      show({ title: 'Failed to fetch articles', tone: 'error' });
      setStories([]);
    }
  }, [show]);
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
  const order = story?.layers.length ? LAYER_ORDER.filter((type) => type === 'short_version' || !isEmptyLayer(story.layers.find((l) => l.layerType === type))) : LAYER_ORDER;
  const total = order.length;
  const go = useCallback((next: number) => setIndex(Math.min(total - 1, Math.max(0, next))), [total]);
  const layerType = order[Math.min(index, total - 1)]!;
  const layer = story?.layers.find((l) => l.layerType === layerType);
  const content = layer?.content?.trim() || (layerType === 'short_version' ? (story?.summary ?? '') : '');
  const progress = readProgress(index, total);

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
        show({ title: 'Link copied', description: url, tone: 'success' });
      }
    } catch {
      // the reader closed the share sheet; nothing to say
    }
  };

  if (!stories) return <Skeleton rows={3} label="Loading stories…" />;
  if (stories.length === 0) {
    return (
      <>
        <PageHeader title="Five-Box Reader" />
        <EmptyState title="No published stories">Publish a story to read it here box by box.</EmptyState>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Five-Box Reader"
        subtitle="A published story, one layer at a time, as readers take it on a phone."
        actions={
          <label className="c-field c-story-picker">
            <span className="visually-hidden">Story</span>
            <select value={selected ?? ''} onChange={(e) => setParams({ story: e.target.value })}>
              {stories.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
              {selected && !stories.some((s) => s.id === selected) && story ? <option value={story.id}>{story.title}</option> : null}
            </select>
          </label>
        }
      />
      {!story ? (
        <Skeleton rows={3} label="Loading the story…" />
      ) : (
        <div className={`c-fivebox c-font-${fontSize}`}>
          <header className="c-fivebox-head">
            <div className="c-meta">
              <RegionBadge region={story.region} />
              <span>{timeAgo(story.published_at)}</span>
              <span aria-hidden="true">·</span>
              <span>{sourceLabel(story)}</span>
              <span aria-hidden="true">·</span>
              <span title="Views counted by the reader site">
                <UsersIcon size={13} /> {story.view_count.toLocaleString('en-US')} {story.view_count === 1 ? 'reader' : 'readers'}
              </span>
            </div>
            <h2 className="c-fivebox-title">{story.title}</h2>
            <div className="c-fivebox-progress">
              <div className="c-progress" role="progressbar" aria-label="Reading progress" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
                <span style={{ width: `${progress}%` }} />
              </div>
              <span className="c-hint">{progress}% read</span>
            </div>
          </header>

          <section
            className="c-fivebox-box"
            aria-roledescription="carousel"
            aria-label={`${LAYER_LABELS[layerType]}, layer ${index + 1} of ${total}`}
            tabIndex={0}
            onKeyDown={onKeyDown}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (startX.current = null)}
            data-layer={layerType}
          >
            <p className="c-fivebox-kicker">
              {index + 1} / {total} · {LAYER_HINTS[layerType]}
            </p>
            {mode === 'summary' ? (
              <div className="c-takeaways">
                <h3>{LAYER_LABELS[layerType]}: key takeaways</h3>
                {content ? (
                  <ul>
                    {keyTakeaways(content).map((t, i) => (
                      <li key={i}>{t}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="c-hint">This layer has not been written yet.</p>
                )}
              </div>
            ) : (
              <LayerCard type={layerType} layer={layer} summary={story.summary} />
            )}
            {mode === 'audio' ? <VoiceReader key={`${story.id}-${layerType}`} text={speechText(LAYER_LABELS[layerType], content || story.summary)} onEnd={() => index < total - 1 && go(index + 1)} /> : null}
          </section>

          <nav className="c-fivebox-nav" aria-label="Layers">
            <button type="button" className="c-button c-button-ghost" onClick={() => go(index - 1)} disabled={index === 0}>
              <ChevronLeftIcon size={16} /> Previous
            </button>
            <ol className="c-dots">
              {order.map((type, i) => (
                <li key={type}>
                  <button type="button" className="c-dot" aria-label={`Layer ${i + 1}: ${LAYER_LABELS[type]}`} aria-current={i === index ? 'step' : undefined} onClick={() => go(i)} />
                </li>
              ))}
            </ol>
            <button type="button" className="c-button c-button-ghost" onClick={() => go(index + 1)} disabled={index === total - 1}>
              Next <ChevronRightIcon size={16} />
            </button>
          </nav>

          <div className="c-fivebox-actions">
            <button type="button" className="c-icon-button" aria-pressed={liked} onClick={toggleLike} title="Like (kept on this device)">
              <HeartIcon size={18} /> <span>{liked ? 'Liked' : 'Like'}</span>
            </button>
            <button type="button" className="c-icon-button" aria-pressed={saved} onClick={toggleSave} title="Bookmark (kept on this device)">
              <BookmarkIcon size={18} /> <span>{saved ? 'Saved' : 'Save'}</span>
            </button>
            <button type="button" className="c-icon-button" onClick={() => void share()} disabled={!story.path}>
              <ShareIcon size={18} /> <span>Share</span>
            </button>
            <Link className="c-icon-button" to={`/dashboard/editor?doc=${encodeURIComponent(story.id)}&tab=community`}>
              <MessageIcon size={18} /> <span>Discuss</span>
            </Link>
            <button type="button" className="c-icon-button" onClick={() => window.print()}>
              <PrinterIcon size={18} /> <span>PDF</span>
            </button>
            <button type="button" className="c-icon-button" aria-expanded={settingsOpen} aria-controls="reading-settings" onClick={() => setSettingsOpen((o) => !o)}>
              <TypeIcon size={18} /> <span>Reading settings</span>
            </button>
          </div>
          {settingsOpen ? (
            <div id="reading-settings" className="c-reading-settings">
              <fieldset className="c-fieldset">
                <legend>Font size</legend>
                <div className="c-row">
                  {FONT_SIZES.map((size) => (
                    <label key={size} className="c-check">
                      <input type="radio" name="font-size" value={size} checked={fontSize === size} onChange={() => setFontSize(size)} /> {size}
                    </label>
                  ))}
                </div>
              </fieldset>
              <fieldset className="c-fieldset">
                <legend>Mode</legend>
                <div className="c-row">
                  {MODES.map((m) => (
                    <label key={m} className="c-check">
                      <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} /> {m}
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
function VoiceReader({ text, onEnd }: { text: string; onEnd: () => void }) {
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
      utterance.lang = 'en';
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
    [supported, text],
  );

  useEffect(
    () => () => {
      current.current = null;
      if (supported) window.speechSynthesis.cancel();
    },
    [supported],
  );

  if (!supported) return <p className="c-hint">This browser cannot read aloud.</p>;
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
    <div className="c-voice-reader" role="group" aria-label="AI Voice Reading">
      <span className="c-label">AI Voice Reading</span>
      <button type="button" className="c-button c-button-small" onClick={toggle} aria-pressed={playing}>
        {playing ? <PauseIcon size={14} /> : <PlayIcon size={14} />} {playing ? 'Pause' : 'Play'}
      </button>
      <button type="button" className="c-button c-button-ghost c-button-small" onClick={toggleMute} aria-pressed={muted}>
        {muted ? <MuteIcon size={14} /> : <VolumeIcon size={14} />} {muted ? 'Unmute' : 'Mute'}
      </button>
    </div>
  );
}
