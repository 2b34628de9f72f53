import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import type { OverrideAction } from '../../core/stories/overrides';
import type { Story } from '../../core/stories/story';
import { ReviewScreen } from './ReviewScreen';

const story = (id: string, title: string, flag: string | null, panel: Story['ai_fact_check_panel'] = []): Story =>
  ({
    id: `${id}0000000-0000-4000-8000-000000000000`,
    title,
    flag_reason: flag,
    auto_publish_eligible: false,
    human_verified: false,
    editor_signed_off: false,
    ai_risk_level: flag ? 'high' : 'medium',
    source_count: flag ? 1 : 2,
    source_list: ['Kingston Ledger'],
    region: 'Jamaica',
    pipeline_stage: 'verified',
    triangulation_check: false,
    ai_fact_check_panel: panel,
  }) as unknown as Story;
const noResolve = async () => '';
const claims: Story['ai_fact_check_panel'] = [
  {
    claim: 'Shelters opened in 12 schools.',
    resolved: true,
    verdict: 'corroborated',
    supporting_outlets: ['Kingston Ledger', 'Island Times'],
    contradicting_outlets: [],
    explanation: 'supported by 2 independent sources',
  },
  {
    claim: 'Four homes were destroyed.',
    resolved: false,
    verdict: 'contradicted',
    supporting_outlets: ['Kingston Ledger'],
    contradicting_outlets: ['Island Times'],
    explanation: 'Island Times gives 5 homes where the claim says 4 homes',
  },
];

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
        resolve={noResolve}
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
      <ReviewScreen
        load={async () => [story('a', 'Storm shelters open', 'Risk high')]}
        act={async () => {
          throw new Error('database down');
        }}
        resolve={noResolve}
      />,
    );
    await shows(lastFrame, 'Storm shelters open');
    stdin.write('r');
    await shows(lastFrame, 'Reject “Storm shelters open”');
    stdin.write('\u001B');
    await shows(lastFrame, 'Cancelled.');
    stdin.write('p');
    await shows(lastFrame, 'Force publish “Storm shelters open”. Reason (required');
    stdin.write('\r');
    await shows(lastFrame, 'A reason is required.');
    stdin.write('EIC');
    await shows(lastFrame, 'cancel): EIC');
    stdin.write('\r');
    await shows(lastFrame, 'past the publish gate? y/N');
    stdin.write('y');
    await shows(lastFrame, 'Failed to apply override: database down');
  });

  it('force publish asks y/N after the reason; any other key cancels and nothing is applied', async () => {
    const calls: string[] = [];
    const { lastFrame, stdin } = render(
      <ReviewScreen
        load={async () => [story('a', 'Storm shelters open', 'Risk high')]}
        act={async (_id, action) => {
          calls.push(action);
          return 'done';
        }}
        resolve={noResolve}
      />,
    );
    await shows(lastFrame, 'Storm shelters open');
    stdin.write('p');
    await shows(lastFrame, 'Reason (required');
    stdin.write('News');
    await shows(lastFrame, 'cancel): News');
    stdin.write('\r');
    await shows(lastFrame, 'Force publish “Storm shelters open” past the publish gate? y/N');
    stdin.write('n');
    await shows(lastFrame, 'Cancelled.');
    expect(calls).toEqual([]);
  });

  it("shows the selected story's claims and confirms, disputes or dismisses one with a required reason", async () => {
    const calls: { id: string; claim: number; action: string; reason: string }[] = [];
    const { lastFrame, stdin } = render(
      <ReviewScreen
        load={async () => [story('a', 'Storm shelters open', 'Risk high: contradictory figures', claims)]}
        act={async () => ''}
        resolve={async (id, claim, action, reason) => {
          calls.push({ id, claim, action, reason });
          return `Claim ${claim} disputed: Storm shelters open`;
        }}
      />,
    );
    await shows(lastFrame, 'Claims (2, 1 unresolved):');
    expect(lastFrame()).toContain('1. [corroborated] Shelters opened in 12 schools.');
    expect(lastFrame()).toContain('supported by Kingston Ledger, Island Times · contradicted by —');
    expect(lastFrame()).toContain('unresolved: contradicted: Island Times gives 5 homes where the claim says 4 homes');
    expect(lastFrame()).toContain('c confirm · d dispute · x dismiss');
    stdin.write('2');
    await shows(lastFrame, '› 2. [contradicted]');
    stdin.write('d');
    await shows(lastFrame, 'Dispute claim 2. Reason (required');
    stdin.write('\r');
    await shows(lastFrame, 'A reason is required.');
    stdin.write('Police say 4');
    await shows(lastFrame, 'Esc to cancel): Police say 4');
    stdin.write('\r');
    await shows(lastFrame, 'Claim 2 disputed: Storm shelters open');
    expect(calls).toEqual([{ id: 'a0000000-0000-4000-8000-000000000000', claim: 2, action: 'dispute', reason: 'Police say 4' }]);
  });

  it('says how each story was checked as every other surface does (verification.ts), never "triangulated"', async () => {
    const official = {
      ...story('c', 'Hurricane warning for Jamaica', null, [{ ...claims[0]!, verdict: 'official source' }]),
      source_count: 1,
      triangulation_check: true,
      status_flags: ['Confirmed by an official source'],
    } as Story;
    const two = {
      ...story('d', 'Minimum wage rises to EC$8', null, [claims[0]!]),
      source_list: ['Castries Voice', 'Antilles Wire'],
      triangulation_check: true,
    } as Story;
    const approved = {
      ...story('e', 'Regatta week draws 40 boats', null),
      source_count: 1,
      human_verified: true,
      audit_log: [{ action: 'manual_override_approve', user: 'editor@c360.test', timestamp: '2026-11-25T12:00:00Z' }],
    } as Story;
    const held = story('f', 'Storm shelters open in Clarendon', null, claims);
    const { lastFrame, stdin } = render(<ReviewScreen load={async () => [official, two, approved, held]} act={async () => ''} resolve={noResolve} />);
    // The line wraps at the test terminal's width.
    const flat = () => lastFrame()?.replace(/\s+/g, ' ');
    await shows(flat, 'checked: Confirmed by an official source');
    stdin.write('j');
    await shows(flat, 'checked: Confirmed by two or more independent sources');
    stdin.write('j');
    await shows(flat, 'checked: Verified by an editor (editor@c360.test)');
    stdin.write('j');
    await shows(flat, 'checked: Not independently confirmed');
    expect(lastFrame()).not.toMatch(/triangulated/i);
  });

  it('says when nothing needs attention', async () => {
    const { lastFrame } = render(<ReviewScreen load={async () => []} act={async () => ''} resolve={noResolve} />);
    await shows(lastFrame, 'Nothing needs attention.');
  });
});
