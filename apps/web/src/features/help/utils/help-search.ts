import {
  type HelpArticle,
  type HelpEntry,
  helpEntries,
} from '@baletrack/contracts/help/help-article';
import MiniSearch from 'minisearch';

/** A search hit: an article, and the section that matched best when one did. */
export interface HelpSearchHit {
  slug: string;
  title: string;
  anchor?: string;
  heading?: string;
  excerpt: string;
}

const EXCERPT_LENGTH = 180;

/** The first sentences of a text, cut at a word near `length` characters. */
function excerptOf(text: string, length = EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.lastIndexOf(' ', length);
  return `${flat.slice(0, cut > 0 ? cut : length)}…`;
}

/**
 * Full-text search over the articles, one entry per article (title and summary) and per section;
 * a query matches prefixes and small typos, and each article appears once, at its best entry.
 * @example createHelpSearch(helpArticles)('locked bales')[0].slug // 'troubleshooting'
 */
export function createHelpSearch(articles: readonly HelpArticle[]) {
  const index = new MiniSearch<HelpEntry>({
    fields: ['title', 'heading', 'text'],
    storeFields: ['slug', 'title', 'anchor', 'heading', 'text'],
    searchOptions: {
      boost: { title: 3, heading: 2 },
      prefix: true,
      fuzzy: 0.2,
      combineWith: 'AND',
    },
  });
  index.addAll(helpEntries(articles));
  return (query: string): HelpSearchHit[] => {
    if (query.trim() === '') return [];
    const hits: HelpSearchHit[] = [];
    const seen = new Set<string>();
    for (const result of index.search(query)) {
      const entry = result as unknown as HelpEntry;
      if (seen.has(entry.slug)) continue;
      seen.add(entry.slug);
      hits.push({
        slug: entry.slug,
        title: entry.title,
        ...(entry.anchor ? { anchor: entry.anchor, heading: entry.heading } : {}),
        excerpt: excerptOf(entry.text),
      });
    }
    return hits;
  };
}
