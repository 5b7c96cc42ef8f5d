import { helpPath } from '@baletrack/contracts/help/help-article';
import { Anchor, Grid, NavLink, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { HelpArticleView } from '@/features/help/components/help-article-view';
import { findHelpArticle, helpArticles } from '@/features/help/utils/help-articles';
import { createHelpSearch } from '@/features/help/utils/help-search';
import { useAddressParams } from '@/hooks/use-address-params';
import { routePaths } from '@/lib/route-names';

const search = createHelpSearch(helpArticles);

function SearchResults({ query }: { query: string }) {
  const hits = useMemo(() => search(query), [query]);
  if (hits.length === 0) {
    return (
      <Text size="sm" c="dimmed" role="status">
        No article mentions “{query}”. Try other words, or ask the support chat.
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label="Search results">
      {hits.map((hit) => (
        <Paper key={hit.slug} component="li" withBorder p="xs" style={{ listStyle: 'none' }}>
          {/* The query stays, so the results stay beside the article they open. */}
          <Anchor
            component={Link}
            to={{
              pathname: helpPath(hit.slug),
              search: `?${new URLSearchParams({ q: query })}`,
              hash: hit.anchor ?? '',
            }}
            fw={500}
          >
            {hit.heading ? `${hit.title}: ${hit.heading}` : hit.title}
          </Anchor>
          <Text size="sm" c="dimmed">
            {hit.excerpt}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

function ArticleList({ current }: { current?: string }) {
  return (
    <nav aria-label="Help articles">
      {helpArticles.map((article) => (
        <NavLink
          key={article.slug}
          component={Link}
          to={helpPath(article.slug)}
          label={article.title}
          active={article.slug === current}
          aria-current={article.slug === current ? 'page' : undefined}
        />
      ))}
    </nav>
  );
}

function Overview() {
  return (
    <Stack gap="md">
      {helpArticles.map((article) => (
        <div key={article.slug}>
          <Anchor component={Link} to={helpPath(article.slug)} fw={500}>
            {article.title}
          </Anchor>
          <Text size="sm" c="dimmed">
            {article.summary}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

/**
 * Helpful Information: the articles, searchable (the query is kept in `?q=`), each at
 * `/help/<slug>` with its headings as anchors.
 */
export function HelpPage({ slug }: { slug?: string }) {
  const [params, setParams] = useAddressParams();
  const query = params.get('q') ?? '';
  const searching = query.trim() !== '';
  const article = findHelpArticle(slug);
  const setQuery = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('q', value);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );

  return (
    <Grid gap="xl">
      {/* On a phone an article comes before the list of the others; results stay on top. */}
      <Grid.Col span={{ base: 12, md: 4 }} order={{ base: slug && !searching ? 2 : 1, md: 1 }}>
        <Stack gap="sm">
          <TextInput
            type="search"
            label="Search help"
            placeholder="e.g. locked bales, shapefile, moisture"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
          {searching ? (
            <SearchResults query={query} />
          ) : (
            // The overview lists every article already.
            slug && <ArticleList current={slug} />
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }} order={{ base: slug && !searching ? 1 : 2, md: 2 }}>
        {article ? (
          <HelpArticleView article={article} />
        ) : slug ? (
          <Stack gap="xs">
            <Title order={2} size="h3">
              Article not found
            </Title>
            <Text>
              There is no help article at this address.{' '}
              <Anchor component={Link} to={routePaths.help}>
                See all articles
              </Anchor>
              .
            </Text>
          </Stack>
        ) : (
          <Overview />
        )}
      </Grid.Col>
    </Grid>
  );
}
