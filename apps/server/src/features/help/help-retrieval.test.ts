import {
  FIRE_MOISTURE_PCT,
  HEATING_MOISTURE_PCT,
  safeBalingBand,
} from '@baletrack/domain/moisture';
import { alfalfaBounds, grassProteinBounds } from '@baletrack/domain/quality-grade/quality-grade';
import { describe, expect, it } from 'vitest';
import { helpArticles } from './help-articles.ts';
import { createHelpRetriever, questionTerms, quoteOf } from './help-retrieval.ts';

const retrieve = createHelpRetriever(helpArticles());

describe('help retrieval for the support chat', () => {
  it('answers a question with the passage that explains it', () => {
    const [best] = retrieve('Why are some of my bales locked?');
    expect(best).toMatchObject({ slug: 'troubleshooting', anchor: 'locked-bales' });
    expect(best?.quote).toContain('active subscription month');
  });

  it('finds the articles growers ask about', () => {
    expect(retrieve('How do I import a shapefile from my display?')[0]?.slug).toBe('fields');
    expect(retrieve('what does Supreme grade mean')[0]?.slug).toBe('moisture-and-quality-grades');
    expect(retrieve('my baler stopped reporting')[0]?.anchor).toBe(
      'a-baler-that-stopped-reporting',
    );
    expect(retrieve('how do I invite a user')[0]?.slug).toBe('sub-accounts');
    expect(retrieve('buy credits')[0]?.slug).toBe('subscriptions-and-credits');
    expect(retrieve('how do I give the buyer a link to a load')[0]?.slug).toBe('loads');
    expect(retrieve('print a load ticket for the truck')[0]?.slug).toBe('loads');
    expect(retrieve('audit a stack without signal')[0]?.slug).toBe('stack-audits');
    expect(retrieve('scan tags with a barcode reader')[0]?.slug).toBe('stack-audits');
  });

  it('finds nothing when the articles do not cover the question', () => {
    expect(retrieve('What will the weather be tomorrow?')).toEqual([]);
    expect(retrieve('why is it so?')).toEqual([]);
    expect(retrieve('')).toEqual([]);
  });

  it('drops words that carry no subject', () => {
    expect(questionTerms('Why are some of MY bales locked?')).toEqual(['bales', 'locked']);
  });

  it('quotes the sentences that match, briefly', () => {
    const text =
      'Fields are drawn on the map. A bale is locked when its month has no credit. Apply the month to unlock it. Unrelated words follow here.';
    expect(quoteOf(text, ['locked'])).toBe(
      'A bale is locked when its month has no credit. Apply the month to unlock it. Unrelated words follow here.',
    );
    expect(quoteOf('x '.repeat(400), ['x']).length).toBeLessThanOrEqual(421);
  });
});

// The articles cite the domain's rules; a changed threshold must change the article too.
describe('the moisture and quality grades article', () => {
  const article = helpArticles().find((a) => a.slug === 'moisture-and-quality-grades');
  const text = article?.markdown ?? '';

  it('states the RFV and protein bounds of the grades', () => {
    const [supreme, premium, good, fair] = alfalfaBounds.rfv.bounds;
    expect(text).toContain(`RFV above ${supreme}`);
    expect(text).toContain(`RFV ${premium}–${supreme}`);
    expect(text).toContain(`RFV ${good}–${premium}`);
    expect(text).toContain(`RFV ${fair}–${good}`);
    expect(text).toContain(`RFV below ${fair}`);
    const [grassPremium, grassGood, grassFair] = grassProteinBounds;
    expect(text).toContain(`**Premium** above ${grassPremium} %`);
    expect(text).toContain(`**Good** ${grassGood}–${grassPremium} %`);
    expect(text).toContain(`**Fair** ${grassFair}–${grassGood} %`);
  });

  it('states the safe baling and heating moisture', () => {
    const squares = safeBalingBand('LargeSquare', 'dry');
    const rounds = safeBalingBand('Round', 'dry');
    expect(text).toContain(`dry large squares: ${squares.min}–${squares.max} %`);
    expect(text).toContain(`dry round bales: ${rounds.min}–${rounds.max} %`);
    expect(text).toContain(`above ${HEATING_MOISTURE_PCT} % may heat`);
    expect(text).toContain(`from ${FIRE_MOISTURE_PCT} %`);
  });
});
