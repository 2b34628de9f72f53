import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import { I18nProvider } from '../../i18n/i18n';
import type { StoryCard } from './api';
import { PublishDialog } from './PublishDialog';
import { PublishButton } from './PublishGate';

const html = (node: ReactNode) =>
  renderToStaticMarkup(
    <I18nProvider initial="EN" dictionary={en}>
      {node}
    </I18nProvider>,
  ).replace(/<!-- -->/g, '');
const failing = {
  ok: false as const,
  missing: ['sources', 'fact_check'],
  message: 'Cannot publish: Missing requirements (sources, fact-check, or verification)',
};
const passing = { ok: true as const, missing: [] };
const card = (gate: typeof failing | typeof passing) =>
  ({
    id: 's1',
    title: 'Ferry fares rise',
    live: false,
    is_featured: false,
    section_featured: false,
    featured_priority: 0,
    feature_expires_at: null,
    publish_label: 'Publish',
    source_count: 1,
    publish_gate: gate,
  }) as unknown as StoryCard;

describe('Publish in the console', () => {
  it('is disabled while the story fails the gate, described by the failing requirements', () => {
    const out = html(
      <PublishButton gate={failing} onClick={() => undefined}>
        Publish
      </PublishButton>,
    );
    const button = /<button[^>]*>Publish<\/button>/.exec(out)![0];
    expect(button).toMatch(/\sdisabled[\s=>]/);
    const describedBy = /aria-describedby="([^"]+)"/.exec(button)![1];
    expect(out).toContain(`id="${describedBy}"`);
    expect(out).toContain('Needs at least 2 independent sources');
    expect(out).toContain('Needs every fact-check item resolved');
    expect(out).not.toContain('Needs verification');
  });

  it('is enabled, with no reasons, when the story passes', () => {
    const out = html(
      <PublishButton gate={passing} onClick={() => undefined}>
        Publish
      </PublishButton>,
    );
    expect(out).not.toContain('disabled');
    expect(out).not.toContain('aria-describedby');
    expect(out).not.toContain('Needs');
  });

  it('the publish dialog disables its Publish button and lists what the story needs', () => {
    const out = html(<PublishDialog story={card(failing)} onClose={() => undefined} onPublished={() => undefined} />);
    const button = /<button[^>]*>Publish<\/button>/.exec(out)![0];
    expect(button).toMatch(/\sdisabled[\s=>]/);
    expect(out).toContain('Needs at least 2 independent sources');
    const ok = html(<PublishDialog story={card(passing)} onClose={() => undefined} onPublished={() => undefined} />);
    expect(/<button[^>]*>Publish<\/button>/.exec(ok)![0]).not.toContain('disabled');
  });
});
