import { Anchor, Blockquote, Text } from '@mantine/core';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';

/** An answer's Markdown: paragraphs, a quoted passage, links into the help. */
export function ChatMarkdown({ text, onNavigate }: { text: string; onNavigate?: () => void }) {
  const components: Components = {
    p: ({ children }) => (
      <Text size="sm" mb={6} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    ),
    blockquote: ({ children }) => (
      <Blockquote p="xs" my={6} color="green">
        {children}
      </Blockquote>
    ),
    a: ({ href, children }) =>
      href?.startsWith('/') ? (
        <Anchor component={Link} to={href} size="sm" onClick={onNavigate}>
          {children}
        </Anchor>
      ) : (
        <Anchor href={href} size="sm" target="_blank" rel="noopener noreferrer">
          {children}
        </Anchor>
      ),
  };
  return <Markdown components={components}>{text}</Markdown>;
}
