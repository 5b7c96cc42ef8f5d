import type { ChatLink } from '@baletrack/contracts/help/chat';
import { type HelpArticle, helpPath } from '@baletrack/contracts/help/help-article';
import type { Passage } from '../help/help-retrieval.ts';
import type { LlmMessage } from './llm-client.ts';

// What the chat says (docs/product.md#support-chat): the best passage quoted with its link, or
// plainly that it does not know; generated answers get the passages and must stay within them.

export interface Answer {
  text: string;
  links: ChatLink[];
}

const MAX_LINKS = 3;

const linkOf = (passage: Passage): ChatLink => ({
  slug: passage.slug,
  title: passage.title,
  ...(passage.anchor ? { anchor: passage.anchor } : {}),
});

const labelOf = (link: ChatLink, articles: readonly HelpArticle[]) => {
  const heading = link.anchor
    ? articles.find((a) => a.slug === link.slug)?.sections.find((s) => s.anchor === link.anchor)
        ?.heading
    : undefined;
  return heading ? `${link.title} › ${heading}` : link.title;
};

const markdownLink = (link: ChatLink, articles: readonly HelpArticle[]) =>
  `[${labelOf(link, articles)}](${helpPath(link.slug, link.anchor)})`;

/** The articles an answer links: the passages' own, then those the best passage refers to. */
export function linksFor(passages: readonly Passage[], articles: readonly HelpArticle[]) {
  const links: ChatLink[] = [];
  const add = (link: ChatLink) => {
    if (links.length < MAX_LINKS && !links.some((l) => l.slug === link.slug)) links.push(link);
  };
  const [best, ...rest] = passages;
  if (best) add(linkOf(best));
  for (const slug of best?.seeAlso ?? []) {
    const article = articles.find((a) => a.slug === slug);
    if (article) add({ slug, title: article.title });
  }
  for (const passage of rest) add(linkOf(passage));
  return links;
}

export const NOT_KNOWN =
  "I don't know: none of the Helpful Information articles answers that. Try other words, " +
  'browse [Helpful Information](/help), or send [Feedback](/feedback) to reach the support team.';

export const FALLBACK_NOTE =
  'The AI assistant could not be reached, so this answer comes straight from the Helpful ' +
  'Information articles.';

/** The retrieval answer: the best passage quoted, and links to read on. */
export function retrievalAnswer(
  passages: readonly Passage[],
  articles: readonly HelpArticle[],
): Answer {
  const [best] = passages;
  if (!best) return { text: NOT_KNOWN, links: [] };
  const links = linksFor(passages, articles);
  const [first, ...more] = links;
  const text = [
    `From **${labelOf(linkOf(best), articles)}**:`,
    `> ${best.quote}`,
    `Read more: ${first ? markdownLink(first, articles) : ''}`,
    ...(more.length > 0
      ? [`See also: ${more.map((l) => markdownLink(l, articles)).join(', ')}`]
      : []),
  ].join('\n\n');
  return { text, links };
}

/** The messages a generated answer is asked with: rules, the passages, recent turns, the question. */
export function llmMessages(
  question: string,
  passages: readonly Passage[],
  history: readonly { role: 'user' | 'assistant'; text: string }[],
  articles: readonly HelpArticle[],
): LlmMessage[] {
  const sources = passages
    .map(
      (p, i) =>
        `[${i + 1}] ${labelOf(linkOf(p), articles)} — link: ${helpPath(p.slug, p.anchor)}\n${p.text}`,
    )
    .join('\n\n');
  return [
    {
      role: 'system',
      content: [
        'You are the support assistant of Baletrack, a web app for hay growers that tracks bales',
        'recorded by balers. Answer the grower in a few short sentences, in plain English, using',
        'ONLY the help passages below. Link the article you used as a Markdown link with its',
        'given path, e.g. [Troubleshooting](/help/troubleshooting#locked-bales). If the passages',
        'do not answer the question, say plainly that you do not know and suggest sending',
        'feedback. Never invent menus, numbers or features.',
        '',
        'Help passages:',
        sources,
      ].join('\n'),
    },
    ...history.map((m) => ({ role: m.role, content: m.text })),
    { role: 'user', content: question },
  ];
}
