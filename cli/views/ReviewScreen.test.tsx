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
/** Waits until the screen shows the text (the machine may be busy; fixed sleeps would flake). */
async function shows(frame: () => string | undefined, text: string): Promise<void> {
  const started = Date.now();
  while (!(frame() ?? '').includes(text)) {
    if (Date.now() - started > 5000) throw new Error(`screen never showed "${text}":\n${frame()}`);
    await tick();
  }
}

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
    await shows(lastFrame, 'Stories needing attention (2)');
    expect(lastFrame()).toContain('Flag: Risk high: single source');
    stdin.write('j'); // down (the arrow key's escape sequence races Ink's lone-Esc timer in tests)
    await shows(lastFrame, 'Not auto-eligible (no flag).');
    stdin.write('a');
    await shows(lastFrame, 'Approve “Budget debate opens”. Reason (optional');
    stdin.write('ok');
    await shows(lastFrame, 'Esc to cancel): ok');
    stdin.write('X');
    await shows(lastFrame, 'Esc to cancel): okX');
    stdin.write('\u007F'); // backspace
    await shows(lastFrame, 'Reason (optional, Enter to confirm, Esc to cancel): ok\n');
    stdin.write('\r');
    await shows(lastFrame, 'Approved: b0000000');
    expect(calls).toEqual([{ id: 'b0000000-0000-4000-8000-000000000000', action: 'approve', reason: 'ok' }]);
    await shows(lastFrame, 'Stories needing attention (1)');
  });

  it('cancels with Esc, and shows a failed override as an error', async () => {
    const { lastFrame, stdin } = render(
      <ReviewScreen load={async () => [story('a', 'Storm shelters open', 'Risk high')]} act={async () => { throw new Error('database down'); }} />,
    );
    await shows(lastFrame, 'Storm shelters open');
    stdin.write('r');
    await shows(lastFrame, 'Reject “Storm shelters open”');
    stdin.write('\u001B');
    await shows(lastFrame, 'Cancelled.');
    stdin.write('p');
    await shows(lastFrame, 'Force publish “Storm shelters open”');
    stdin.write('\r');
    await shows(lastFrame, 'Failed to apply override: database down');
  });

  it('says when nothing needs attention', async () => {
    const { lastFrame } = render(<ReviewScreen load={async () => []} act={async () => ''} />);
    await shows(lastFrame, 'Nothing needs attention.');
  });
});
