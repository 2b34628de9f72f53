import { describe, expect, it } from 'vitest';
import { isC360Error } from '../errors';
import { emailProblem, parseEmailAddress } from './email-address';

describe('parseEmailAddress: a plain local@domain after NFKC, nothing else', () => {
  it.each([
    ['reader@example.org', 'reader@example.org'],
    ['  Editor@X.test ', 'editor@x.test'],
    ["o'brien+news@mail.example.co.uk", "o'brien+news@mail.example.co.uk"],
    ['first.last@sub-domain.example', 'first.last@sub-domain.example'],
    ['josé@exämple.test', 'josé@exämple.test'],
  ])('accepts %j as %j', (raw, canonical) => {
    expect(parseEmailAddress(raw)).toBe(canonical);
  });

  it.each([
    ['editor@x.test,', 'forbidden_character'],
    ['editor@x.test, other@y.test', 'forbidden_character'],
    ['x<editor@x.test>', 'forbidden_character'],
    ['"Editor" <editor@x.test>', 'forbidden_character'],
    ['"editor"@x.test', 'forbidden_character'],
    ['editor@x.test;', 'forbidden_character'],
    ['edi tor@x.test', 'forbidden_character'],
    ['editor@x.test (work)', 'forbidden_character'],
    ['ｅditor@x.test', 'not_normalized'], // U+FF45 FULLWIDTH LATIN SMALL LETTER E
    ['editor@ｘ.test', 'not_normalized'],
    ['ﬁle@x.test', 'not_normalized'], // U+FB01 LATIN SMALL LIGATURE FI
    ['edi\u200btor@x.test', 'invisible'],
    ['editor@x.test\u200b', 'invisible'],
    ['\ufeffeditor@x.test', 'invisible'],
    ['edi\u2060tor@x.test', 'invisible'],
    ['editor\u202e@x.test', 'invisible'],
    ['edi\u00adtor@x.test', 'invisible'], // soft hyphen
    ['edi\u3164tor@x.test', 'invisible'], // Hangul filler
    ['editor\u009b@x.test', 'invisible'],
    ['editor\u00a0@x.test', 'invisible'],
    ['editor@x.test\n', null],
    ['editor@x.test\r\nBcc: a@b.test', 'invisible'],
    ['', 'empty'],
    ['   ', 'empty'],
    ['editor', 'shape'],
    ['@x.test', 'shape'],
    ['editor@', 'shape'],
    ['editor@x', 'shape'],
    ['a@b@x.test', 'shape'],
    ['.editor@x.test', 'shape'],
    ['edi..tor@x.test', 'shape'],
    ['editor@-x.test', 'shape'],
    ['editor@x..test', 'shape'],
    ['editor@x.t', 'shape'],
    [`${'a'.repeat(65)}@x.test`, 'shape'],
    [`a@${'b'.repeat(250)}.test`, 'too_long'],
  ])('refuses %j (%s)', (raw, reason) => {
    expect(emailProblem(raw)).toBe(reason);
    if (reason === null) return;
    try {
      parseEmailAddress(raw);
      expect.unreachable();
    } catch (error) {
      expect(isC360Error(error, 'invalid_email')).toBe(true);
      expect((error as { details: unknown }).details).toEqual({ reason });
    }
  });
});
