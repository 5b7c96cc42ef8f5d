import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { issuesOf } from '../testing/issues-of.ts';
import { feedbackRequestSchema, feedbackTypes } from './feedback.ts';

const feedback = {
  type: 'bug',
  name: 'Ann',
  email: 'ann@farm.example',
  details: 'The heatmap stays grey.',
};

describe('feedbackRequestSchema', () => {
  it('takes a bug or a feature request', () => {
    expect(feedbackTypes).toEqual(['bug', 'feature']);
    expect(feedbackRequestSchema.parse(feedback)).toEqual(feedback);
    expect(feedbackRequestSchema.parse({ ...feedback, type: 'feature' }).type).toBe('feature');
    expect(feedbackRequestSchema.safeParse({ ...feedback, type: 'praise' }).success).toBe(false);
  });

  it('needs a name, a valid email and details', () => {
    expect(
      issuesOf(feedbackRequestSchema, { type: 'bug', name: '', email: 'ann', details: '  ' }),
    ).toEqual([
      { path: 'name', message: messages.validation.nameRequired },
      { path: 'email', message: messages.validation.emailInvalid },
      { path: 'details', message: messages.feedback.detailsRequired },
    ]);
  });

  it('caps details at 5000 characters', () => {
    const long = { ...feedback, details: 'x'.repeat(5001) };
    expect(feedbackRequestSchema.safeParse(long).success).toBe(false);
  });
});
