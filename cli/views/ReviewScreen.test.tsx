import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import type { OverrideAction } from '../../core/stories/overrides';
import type { Story } from '../../core/stories/story';
import { ReviewScreen } from './ReviewScreen';

const story = (id: string, title: string, flag: string | null): Story =>
  ({
    id: `${id}0000000-0000-4000-8000-000000000000`, title, flag_reason: flag, auto_publish_eligible: false, human_verified: false, editor_signed_off: false,
    ai_risk_level: flag ? 'high' : 'medium', source_count: flag ? 1 : 2, source_list: ['Kingston Ledger'], region: 'Jamaica', pipeline_stage: 'verified', triangulation_check: false,
  }) as unknown as Story;

const tick = () => new Promise((r) => setTimeout(r, 30));

describe('ReviewScreen', () => {
  it('lists stories needing attention and applies an override with a typed reason', async () => {
    let stories = [story('a', 'Storm shelters open in Clarendon', 'Risk high: single source'), story('b', 'Budget debate opens', null)];
    const calls: { id: string; action: OverrideAction; reason: string }[] = [];
    const { lastFrame, stdin } = render(
      <ReviewScreen
        load={async () => stories}
        act={async (id, action, reason) => {
          calls.push({ id, action, reason });
          stories = stories.filter((s) => s.id !== id);
          return `Approved: ${id}`;
        }}
      />,
    );
    await tick();
    expect(lastFrame()).toContain('Stories needing attention (2)');
    expect(lastFrame()).toContain('Flag: Risk high: single source');
    stdin.write('\u001B[B'); // arrow down
    await tick();
    expect(lastFrame()).toContain('Not auto-eligible (no flag).');
    stdin.write('a');
    await tick();
    expect(lastFrame()).toContain('Approve “Budget debate opens”. Reason (optional');
    stdin.write('ok');
    stdin.write('X');
    stdin.write('\u007F'); // backspace
    await tick();
    expect(lastFrame()).toContain('Reason (optional, Enter to confirm, Esc to cancel): ok');
    stdin.write('\r');
    await tick();
    await tick();
    expect(calls).toEqual([{ id: 'b0000000-0000-4000-8000-000000000000', action: 'approve', reason: 'ok' }]);
    expect(lastFrame()).toContain('Stories needing attention (1)');
    expect(lastFrame()).toContain('Approved: b0000000');
  });

  it('cancels with Esc, and shows a failed override as an error', async () => {
    const { lastFrame, stdin } = render(
      <ReviewScreen load={async () => [story('a', 'Storm shelters open', 'Risk high')]} act={async () => { throw new Error('database down'); }} />,
    );
    await tick();
    stdin.write('r');
    await tick();
    stdin.write('\u001B');
    await tick();
    expect(lastFrame()).toContain('Cancelled.');
    stdin.write('p');
    await tick();
    expect(lastFrame()).toContain('Force publish “Storm shelters open”');
    stdin.write('\r');
    await tick();
    await tick();
    expect(lastFrame()).toContain('Failed to apply override: database down');
  });

  it('says when nothing needs attention', async () => {
    const { lastFrame } = render(<ReviewScreen load={async () => []} act={async () => ''} />);
    await tick();
    expect(lastFrame()).toContain('Nothing needs attention.');
  });
});
