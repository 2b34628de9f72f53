import { describeVerification, verificationLabel, type VerifiableStory } from '../core/stories/verification';

/**
 * How a story was checked, in the words readers are given (core/stories/verification.ts: one rule
 * for every surface), with the editor who vouched for it: the CLI is an editor's tool, editors may know who.
 */
export function checkedLine(story: VerifiableStory): string {
  const v = describeVerification(story);
  return `${verificationLabel(v.state)}${v.verified_by ? ` (${v.verified_by})` : ''}`;
}
