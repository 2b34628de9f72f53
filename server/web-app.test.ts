import { describe, expect, it } from 'vitest';
import { pageDataBlock } from './web-app';

describe('pageDataBlock', () => {
  it('writes a non-executed JSON block that no value can break out of', () => {
    const block = pageDataBlock({ title: '</script><script>alert(1)</script><!--', amp: 'a & b', line: '\u2028' });
    expect(block.startsWith('<script type="application/json" id="c360-data">')).toBe(true);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(block).not.toContain('<!--');
    const json = block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual({ title: '</script><script>alert(1)</script><!--', amp: 'a & b', line: '\u2028' });
  });
});
