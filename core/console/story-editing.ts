import type { Knex } from 'knex';
import { C360Error } from '../errors';
import { checkPublishGate, describeMissing, isLive, publishPatch } from '../stories/publishing';
import { getStoryById, insertStory, updateStory } from '../stories/story-repository';
import { auditEntry, LAYER_TYPES, PIPELINE_STAGES, type Layer, type LayerType, type PipelineStage, type Story, type StoryPatch } from '../stories/story';
import { lockStory } from './console-repository';

/**
 * The story editor of the Editorial Workflow: the Content tab (title, summary, region, tags and
 * the five layers), the Workflow tab (move the story between pipeline stages) and new stories.
 * Every change goes through updateStory with the editor's e-mail in the audit entry.
 */

export type ConsoleActor = { email: string };

export type ContentEdit = {
  title?: string;
  summary?: string;
  region?: string;
  tags?: string[];
  /** New text per layer; a layer's timeline, quotes and metrics stay as the pipeline wrote them. */
  layers?: Partial<Record<LayerType, string>>;
};

async function withLockedStory<T>(db: Knex, id: string, run: (trx: Knex.Transaction, story: Story) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    if (!(await lockStory(trx, id))) throw new C360Error('not_found', `No story with id ${id}.`);
    return run(trx, (await getStoryById(trx, id))!);
  });
}

/** The layers in the reader's order, with the edited texts applied. */
export function applyLayerEdits(current: readonly Layer[], edits: Partial<Record<LayerType, string>>): Layer[] {
  const byType = new Map(current.map((l) => [l.layerType, l]));
  const result: Layer[] = [];
  for (const type of LAYER_TYPES) {
    const existing = byType.get(type);
    const text = edits[type];
    if (text === undefined) {
      if (existing) result.push(existing);
    } else if (text.trim() !== '' || existing) {
      result.push({ ...(existing ?? { layerType: type }), layerType: type, content: text.trim() });
    }
  }
  // Keep layers of types we do not know (written by a newer pipeline), after ours.
  for (const layer of current) if (!(LAYER_TYPES as readonly string[]).includes(layer.layerType)) result.push(layer);
  return result;
}

/** Saves the Content tab. Nothing changed: nothing is written and no audit entry is added. */
export async function editStoryContent(db: Knex, input: { id: string; edit: ContentEdit; actor: ConsoleActor; now: Date }): Promise<Story> {
  return withLockedStory(db, input.id, async (trx, story) => {
    const patch: StoryPatch = {};
    const changed: string[] = [];
    const { edit } = input;
    if (edit.title !== undefined && edit.title.trim() !== story.title) {
      if (edit.title.trim().length < 3) throw new C360Error('invalid_input', 'A title needs at least 3 characters.');
      patch.title = edit.title.trim();
      changed.push('title');
    }
    if (edit.summary !== undefined && edit.summary.trim() !== story.summary) {
      patch.summary = edit.summary.trim();
      changed.push('summary');
    }
    if (edit.region !== undefined && edit.region.trim() !== story.region) {
      patch.region = edit.region.trim();
      changed.push('region');
    }
    if (edit.tags !== undefined) {
      const tags = [...new Set(edit.tags.map((t) => t.trim()).filter(Boolean))];
      if (JSON.stringify(tags) !== JSON.stringify(story.tags)) {
        patch.tags = tags;
        changed.push('tags');
      }
    }
    if (edit.layers) {
      const layers = applyLayerEdits(story.layers, edit.layers);
      const layerChanges = LAYER_TYPES.filter(
        (type) => edit.layers![type] !== undefined && (story.layers.find((l) => l.layerType === type)?.content ?? '') !== (edit.layers![type] ?? '').trim(),
      );
      if (layerChanges.length > 0) {
        patch.layers = layers;
        changed.push(...layerChanges.map((t) => `layer ${t}`));
      }
    }
    if (changed.length === 0) return story;
    patch.last_updated_by = input.actor.email;
    return updateStory(trx, story.id, patch, auditEntry('edit_content', input.actor.email, input.now, { details: `edited ${changed.join(', ')}` }));
  });
}

/**
 * The Workflow tab: moves a story to another pipeline stage. Moving it to published goes
 * through the publish gate (and keeps its featuring); moving a live story back takes it off
 * the site (status draft). The reason, if given, goes into the audit entry.
 */
export async function moveStoryStage(db: Knex, input: { id: string; stage: PipelineStage; reason?: string; actor: ConsoleActor; now: Date }): Promise<Story> {
  return withLockedStory(db, input.id, async (trx, story) => {
    if (story.pipeline_stage === input.stage) return story;
    const actor = input.actor.email;
    const audit = auditEntry('workflow_stage', actor, input.now, {
      details: `${story.pipeline_stage} → ${input.stage}`,
      reason: input.reason?.trim() || undefined,
    });
    if (input.stage === 'published') {
      const gate = checkPublishGate(story);
      if (!gate.ok) {
        throw new C360Error('publish_gate_failed', gate.message, {
          details: { missing: gate.missing, requirements: describeMissing(gate.missing) },
          hint: `Missing: ${describeMissing(gate.missing)}.`,
        });
      }
      const featured = story.is_featured || story.section_featured;
      const { patch } = publishPatch(
        story,
        {
          homepage: story.is_featured,
          section: story.section_featured,
          priority: featured ? Math.max(1, story.featured_priority) : 1,
          expiresAt: featured ? story.feature_expires_at : null,
        },
        actor,
        input.now,
      );
      return updateStory(trx, story.id, patch, audit);
    }
    const patch: StoryPatch = { pipeline_stage: input.stage, last_updated_by: actor };
    if (isLive(story)) patch.status = 'draft';
    return updateStory(trx, story.id, patch, audit);
  });
}

export const WORKFLOW_STAGES: readonly PipelineStage[] = PIPELINE_STAGES;

/** A story written by hand in the console (New Document / New Story): a draft with no sources yet. */
export async function createConsoleStory(
  db: Knex,
  input: { title: string; summary?: string; region?: string; tags?: string[]; layers?: Partial<Record<LayerType, string>>; actor: ConsoleActor; now: Date },
): Promise<Story> {
  const title = input.title.trim();
  if (title.length < 3) throw new C360Error('invalid_input', 'A title needs at least 3 characters.');
  return db.transaction(async (trx) => {
    const story = await insertStory(trx, {
      title,
      summary: input.summary?.trim() ?? '',
      region: input.region?.trim() || 'Caribbean',
      tags: [...new Set((input.tags ?? []).map((t) => t.trim()).filter(Boolean))],
      layers: applyLayerEdits([], input.layers ?? {}),
      pipeline_stage: 'drafted',
      status: 'draft',
      published_at: null,
      source_count: 0,
      source_list: [],
      triangulation_check: false,
      last_updated_by: input.actor.email,
    });
    return updateStory(trx, story.id, {}, auditEntry('create', input.actor.email, input.now, { details: 'written in the console' }));
  });
}
