import {
  type HelpArticle,
  type HelpArticleSlug,
  helpArticleSlugs,
  parseHelpArticle,
} from '@baletrack/contracts/help/help-article';

// The articles are the repository's `help/*.md` (docs/product.md#feedback-help-and-support),
// bundled as text: the help works even when the server does not answer.
const sources = import.meta.glob<string>('../../../../../../help/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

function sourceOf(slug: HelpArticleSlug): string {
  const entry = Object.entries(sources).find(([path]) => path.endsWith(`/help/${slug}.md`));
  if (!entry) throw new Error(`The help article ${slug} is missing (help/${slug}.md).`);
  return entry[1];
}

/** Every article, in the order of the help index. */
export const helpArticles: readonly HelpArticle[] = helpArticleSlugs.map((slug) =>
  parseHelpArticle(slug, sourceOf(slug)),
);

export function findHelpArticle(slug: string | undefined): HelpArticle | undefined {
  return helpArticles.find((article) => article.slug === slug);
}
