import {
  type HelpArticle,
  type HelpEntry,
  helpEntries,
} from '@baletrack/contracts/help/help-article';
import MiniSearch from 'minisearch';

/** A passage of an article that answers a question, with the sentences worth quoting. */
export interface Passage {
  slug: string;
  title: string;
  anchor?: string;
  heading?: string;
  text: string;
  quote: string;
  score: number;
  /** Other articles the passage itself links to. */
  seeAlso: string[];
}

// Words that carry no subject: a question's "why are some of my bales…" is about "bales".
const STOP_WORDS = new Set(
  `a about after all also am an and any are as at be because been before being but by can could
  did do does doing don for from get gets got had has have having he her here how i if in into is
  it its just me might more most my no not now of off on once only or other our out over own same
  she should so some such than that the their them then there these they this those through to too
  under until up very was we were what when where which while who whom why will with would you
  your yours baletrack please help tell know want need show see`.split(/\s+/),
);

const tokenize = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u);

function processTerm(term: string): string | null {
  const word = term.toLowerCase();
  return word.length < 2 || STOP_WORDS.has(word) ? null : word;
}

/** The words of a question that the search uses. */
export function questionTerms(question: string): string[] {
  return [...new Set(tokenize(question).flatMap((w) => processTerm(w) ?? []))];
}

const QUOTE_LENGTH = 420;

/**
 * The sentences of a passage that match the question best: the best sentence and those after
 * it, up to about `QUOTE_LENGTH` characters.
 */
export function quoteOf(text: string, matched: readonly string[]): string {
  const sentences = text
    .replace(/\n+/g, ' ')
    .split(/(?<=[.!?:])\s+(?=[A-Z"“(0-9])/)
    .filter(Boolean);
  const scoreOf = (sentence: string) => {
    const words = tokenize(sentence);
    return matched.filter((term) => words.some((w) => w.startsWith(term.slice(0, 5)))).length;
  };
  let best = 0;
  sentences.forEach((sentence, i) => {
    if (scoreOf(sentence) > scoreOf(sentences[best] ?? '')) best = i;
  });
  let quote = sentences[best] ?? '';
  for (const next of sentences.slice(best + 1)) {
    if (quote.length + next.length > QUOTE_LENGTH) break;
    quote = `${quote} ${next}`;
  }
  if (quote.length > QUOTE_LENGTH + 80) quote = `${quote.slice(0, QUOTE_LENGTH).trimEnd()}…`;
  return quote;
}

/**
 * Retrieval over the articles' sections with MiniSearch (BM25, prefix and small typos). A
 * passage counts only when it matches at least half of the question's words: below that the
 * chat says it does not know instead of guessing.
 * @example createHelpRetriever(articles)('why are some bales locked?')[0].anchor // 'locked-bales'
 */
export function createHelpRetriever(articles: readonly HelpArticle[]) {
  const index = new MiniSearch<HelpEntry>({
    fields: ['title', 'heading', 'text'],
    storeFields: ['slug', 'title', 'anchor', 'heading', 'text', 'markdown'],
    processTerm,
    searchOptions: {
      boost: { title: 2, heading: 3 },
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      combineWith: 'OR',
    },
  });
  index.addAll(helpEntries(articles));

  return (question: string, limit = 3): Passage[] => {
    const terms = questionTerms(question);
    if (terms.length === 0) return [];
    const needed = Math.max(1, Math.ceil(terms.length / 2));
    return index
      .search(terms.join(' '))
      .filter((result) => new Set(result.queryTerms).size >= needed)
      .slice(0, limit)
      .map((result) => {
        const entry = result as unknown as HelpEntry;
        return {
          slug: entry.slug,
          title: entry.title,
          ...(entry.anchor ? { anchor: entry.anchor, heading: entry.heading } : {}),
          text: entry.text,
          quote: quoteOf(entry.text, result.terms),
          score: result.score,
          seeAlso: [...entry.markdown.matchAll(/\]\(\/help\/([a-z0-9-]+)/g)]
            .map((m) => m[1] as string)
            .filter((slug, i, all) => slug !== entry.slug && all.indexOf(slug) === i),
        };
      });
  };
}
