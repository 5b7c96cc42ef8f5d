import type { HelpArticle } from '@baletrack/contracts/help/help-article';
import { headingAnchor } from '@baletrack/contracts/help/help-article';
import { Anchor, Code, List, Title, Typography } from '@mantine/core';
import { Children, isValidElement, type ReactNode, useEffect } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link, useLocation } from 'react-router';

/** The words of rendered Markdown children, for a heading's anchor. */
function textOf(node: ReactNode): string {
  return Children.toArray(node)
    .map((child) => {
      if (typeof child === 'string' || typeof child === 'number') return String(child);
      if (isValidElement<{ children?: ReactNode }>(child)) return textOf(child.props.children);
      return '';
    })
    .join('');
}

// A heading scrolled to by its anchor stops below the app's fixed header (AppShell sets the
// variable to the header's height, acting banner included), not under it.
const anchored = { scrollMarginTop: 'var(--app-shell-header-offset, 0px)' };

// Headings get the anchors `parseHelpArticle` gives them, so `/help/<slug>#<anchor>` links (the
// chat's too) land on them; links inside the help stay in the app.
const components: Components = {
  h1: ({ children }) => (
    <Title order={2} size="h3">
      {children}
    </Title>
  ),
  h2: ({ children }) => (
    <Title
      order={3}
      size="h3"
      id={headingAnchor(textOf(children))}
      mt="lg"
      mb="xs"
      style={anchored}
    >
      {children}
    </Title>
  ),
  h3: ({ children }) => (
    <Title
      order={4}
      size="h4"
      id={headingAnchor(textOf(children))}
      mt="md"
      mb="xs"
      style={anchored}
    >
      {children}
    </Title>
  ),
  a: ({ href, children }) =>
    href?.startsWith('/') ? (
      <Anchor component={Link} to={href}>
        {children}
      </Anchor>
    ) : (
      <Anchor href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </Anchor>
    ),
  ul: ({ children }) => <List mb="sm">{children}</List>,
  ol: ({ children }) => (
    <List type="ordered" mb="sm">
      {children}
    </List>
  ),
  li: ({ children }) => <List.Item>{children}</List.Item>,
  // Long paths (AgGPS/Data/…) wrap on a phone instead of running off the screen.
  code: ({ children }) => <Code style={{ overflowWrap: 'anywhere' }}>{children}</Code>,
};

/** One article, scrolled to the heading the address names. */
export function HelpArticleView({ article }: { article: HelpArticle }) {
  const { hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView({ block: 'start' });
    else window.scrollTo({ top: 0 });
  }, [hash]);

  return (
    <article aria-labelledby="help-article-title">
      <Title order={2} size="h2" id="help-article-title" mb="sm">
        {article.title}
      </Title>
      <Typography>
        <Markdown components={components}>{article.markdown}</Markdown>
      </Typography>
    </article>
  );
}
