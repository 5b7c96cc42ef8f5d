// Helpful Information articles (docs/product.md#feedback-help-and-support): Markdown files in the
// repository's `help/` folder, read by the web app (rendered and searched) and by the server (the
// support chat's retrieval). Both split them with `parseHelpArticle`, so a chat link's anchor is
// the id the web app gives that heading.

/** Every article, in the order the help index lists them; `help/<slug>.md` each. */
export const helpArticleSlugs = [
  'getting-started',
  'reading-the-map',
  'heatmaps',
  'filters-and-summaries',
  'reports',
  'fields',
  'cuttings-and-crops',
  'yield-per-field',
  'loads',
  'stack-audits',
  'subscriptions-and-credits',
  'balers-and-authorized-emails',
  'sub-accounts',
  'units-and-settings',
  'moisture-and-quality-grades',
  'troubleshooting',
  'feedback-and-support',
] as const;
export type HelpArticleSlug = (typeof helpArticleSlugs)[number];

export function isHelpArticleSlug(value: string): value is HelpArticleSlug {
  return (helpArticleSlugs as readonly string[]).includes(value);
}

/** One `##` or `###` part of an article, its Markdown and plain text. */
export interface HelpSection {
  anchor: string;
  heading: string;
  markdown: string;
  text: string;
}

export interface HelpArticle {
  slug: string;
  title: string;
  /** The paragraph under the title, plain text. */
  summary: string;
  /** The whole article without its title line. */
  markdown: string;
  sections: HelpSection[];
}

/**
 * A heading's anchor: lowercase words joined by hyphens, GitHub-style.
 * @example headingAnchor('1. Register your baler') // '1-register-your-baler'
 * @example headingAnchor('Quality grades: grass hay') // 'quality-grades-grass-hay'
 */
export function headingAnchor(heading: string): string {
  return inlineText(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}

/**
 * The app's address of an article, or of one of its headings.
 * @example helpPath('troubleshooting', 'locked-bales') // '/help/troubleshooting#locked-bales'
 */
export function helpPath(slug: string, anchor?: string): string {
  return anchor ? `/help/${slug}#${anchor}` : `/help/${slug}`;
}

/** Inline Markdown as text: links keep their words, emphasis and code marks go. */
function inlineText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/(^|\s)[*_]([^*_\n]+)[*_](?=\s|[.,;:!?)]|$)/g, '$1$2')
    .trim();
}

/**
 * Markdown as plain text: links keep their words, emphasis and code marks go, table rows become
 * cells separated by commas.
 * @example plainText('Open **Menu → Fields** and [import](/help/fields).') // 'Open Menu → Fields and import.'
 */
export function plainText(markdown: string): string {
  const text = markdown
    .split('\n')
    .filter((line) => !/^\s*\|?\s*:?-{3,}/.test(line))
    .map((line) =>
      line.trim().startsWith('|')
        ? line
            .trim()
            .replace(/^\||\|$/g, '')
            .split('|')
            .map((cell) => cell.trim())
            .join(', ')
        : line,
    )
    .join('\n');
  return inlineText(text)
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^\s*(?:[-*]|\d+\.)\s+/gm, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/**
 * Splits an article: its `# Title`, the paragraph under it, and a section per `##`/`###` heading.
 * @example parseHelpArticle('units', '# Units\n\nKg or lb.\n\n## Area\n\nha or ac.').sections[0]
 * // { anchor: 'area', heading: 'Area', markdown: 'ha or ac.', text: 'ha or ac.' }
 */
export function parseHelpArticle(slug: string, source: string): HelpArticle {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const titleIndex = lines.findIndex((line) => line.startsWith('# '));
  const title = titleIndex >= 0 ? inlineText((lines[titleIndex] ?? '').slice(2)) : slug;
  const body = lines.slice(titleIndex + 1);
  const sections: HelpSection[] = [];
  const intro: string[] = [];
  let current: { heading: string; lines: string[] } | null = null;
  const close = () => {
    if (!current) return;
    const markdown = current.lines.join('\n').trim();
    sections.push({
      anchor: headingAnchor(current.heading),
      heading: current.heading,
      markdown,
      text: plainText(markdown),
    });
  };
  for (const line of body) {
    const heading = /^#{2,3}\s+(.+)$/.exec(line);
    if (heading) {
      close();
      current = { heading: inlineText(heading[1] ?? ''), lines: [] };
    } else if (current) current.lines.push(line);
    else intro.push(line);
  }
  close();
  const summary = plainText(
    intro
      .join('\n')
      .trim()
      .split(/\n\s*\n/)[0] ?? '',
  );
  return { slug, title, summary, markdown: body.join('\n').trim(), sections };
}

/** One searchable passage: an article's title and summary, or one of its sections. */
export interface HelpEntry {
  /** `slug`, or `slug#anchor` for a section. */
  id: string;
  slug: string;
  title: string;
  anchor?: string;
  heading?: string;
  text: string;
  markdown: string;
}

/**
 * The passages the help search (web) and the support chat's retrieval (server) index: one per
 * article (its summary) and one per section.
 * @example helpEntries([article]).map((e) => e.id) // ['units', 'units#area']
 */
export function helpEntries(articles: readonly HelpArticle[]): HelpEntry[] {
  return articles.flatMap((article) => [
    {
      id: article.slug,
      slug: article.slug,
      title: article.title,
      text: article.summary,
      markdown: article.summary,
    },
    ...article.sections.map((section) => ({
      id: `${article.slug}#${section.anchor}`,
      slug: article.slug,
      title: article.title,
      anchor: section.anchor,
      heading: section.heading,
      text: section.text,
      markdown: section.markdown,
    })),
  ]);
}
