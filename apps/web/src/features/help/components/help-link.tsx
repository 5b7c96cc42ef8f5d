import type { HelpArticleSlug } from '@baletrack/contracts/help/help-article';
import { helpPath } from '@baletrack/contracts/help/help-article';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/**
 * A screen's link to its Helpful Information article (or one of its headings). It carries no
 * article text, so screens do not load the articles until the help opens.
 * @example <HelpLink slug="heatmaps" />
 */
export function HelpLink({
  slug,
  anchor,
  children = 'Help',
}: {
  slug: HelpArticleSlug;
  anchor?: string;
  children?: string;
}) {
  return (
    <Anchor component={Link} to={helpPath(slug, anchor)} size="sm" data-help-link={slug}>
      {children}
    </Anchor>
  );
}
