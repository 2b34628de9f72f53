import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { Table } from './Table';

describe('Table', () => {
  it('draws headers, aligned rows, and truncates long cells', () => {
    const { lastFrame } = render(
      <Table
        title="Stories"
        rows={[
          { id: 'a1', title: 'Budget debate opens in Parliament today' },
          { id: 'b22', title: 'Cricket' },
        ]}
        columns={[
          { header: 'ID', value: (r) => r.id },
          { header: 'TITLE', value: (r) => r.title, width: 20 },
        ]}
      />,
    );
    const frame = lastFrame()!;
    expect(frame).toContain('Stories');
    expect(frame).toMatch(/ID\s+TITLE/);
    expect(frame).toContain('Budget debate opens…');
    expect(frame).toMatch(/b22\s+Cricket/);
  });
  it('says when there is nothing to show', () => {
    expect(render(<Table rows={[]} columns={[{ header: 'ID', value: () => '' }]} />).lastFrame()).toContain('(none)');
  });
});
