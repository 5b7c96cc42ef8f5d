import { helpArticleSlugs } from '@baletrack/contracts/help/help-article';
import { describe, expect, it } from 'vitest';
import { helpArticles } from './help-articles';
import { createHelpSearch } from './help-search';

const search = createHelpSearch(helpArticles);

describe('help articles in the web app', () => {
  it('bundles every article, titled, with its sections', () => {
    expect(helpArticles.map((a) => a.slug)).toEqual([...helpArticleSlugs]);
    for (const article of helpArticles) {
      expect(article.title).not.toBe(article.slug);
      expect(article.summary.length).toBeGreaterThan(20);
      expect(article.sections.length).toBeGreaterThan(0);
    }
  });

  it('links only to articles and headings that exist', () => {
    const anchors = new Map(
      helpArticles.map((a) => [a.slug, new Set(a.sections.map((s) => s.anchor))]),
    );
    for (const article of helpArticles) {
      for (const [, slug, anchor] of article.markdown.matchAll(
        /\]\(\/help\/([a-z-]+)(?:#([a-z0-9-]+))?\)/g,
      )) {
        expect(anchors.has(slug as string), `${article.slug} links ${slug}`).toBe(true);
        if (anchor)
          expect(anchors.get(slug as string)?.has(anchor), `${slug}#${anchor}`).toBe(true);
      }
    }
  });
});

describe('help search', () => {
  it('finds the section that answers, once per article', () => {
    const hits = search('locked bales');
    expect(hits[0]).toMatchObject({ slug: 'troubleshooting', anchor: 'locked-bales' });
    expect(new Set(hits.map((h) => h.slug)).size).toBe(hits.length);
  });

  it('matches prefixes and small typos', () => {
    expect(search('shapef')[0]?.slug).toBe('fields');
    expect(search('hetmaps')[0]?.slug).toBe('heatmaps');
    expect(search('ISOXML')[0]?.slug).toBe('fields');
    expect(search('supreme grade')[0]?.slug).toBe('moisture-and-quality-grades');
  });

  it('finds nothing for an empty query or unknown words', () => {
    expect(search('')).toEqual([]);
    expect(search('zzqx blorfing')).toEqual([]);
  });

  it('keeps excerpts short', () => {
    for (const hit of search('credit')) expect(hit.excerpt.length).toBeLessThanOrEqual(181);
  });
});
