import { List, Stack, Text, Title } from '@mantine/core';
import type { AuditFigures } from '@/features/audits/utils/audit-scans';
import { formatNumber } from '@/lib/format';

interface TagListProps {
  title: string;
  items: { key: string; text: string }[];
  none: string;
}

/** One list under the figures, headed with its count, saying so when it is empty. */
function TagList({ title, items, none }: TagListProps) {
  const headingId = `audit-list-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <Stack gap={4}>
      <Title order={3} size="h4" id={headingId}>
        {title} ({formatNumber(items.length)})
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed">{none}</Text>
      ) : (
        <List aria-labelledby={headingId} spacing={2} style={{ overflowWrap: 'anywhere' }}>
          {items.map((item) => (
            <List.Item key={item.key}>{item.text}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** What was scanned and not expected here, and what is expected and not scanned yet. */
export function AuditLists({ figures }: { figures: AuditFigures }) {
  return (
    <>
      <TagList
        title="Not expected here"
        items={figures.notExpected.map((tag) => ({ key: tag, text: tag }))}
        none="Every tag scanned belongs in this stack."
      />
      <TagList
        title="Missing"
        items={figures.missing.map((bale) => ({
          key: bale.uid,
          text: bale.tag ?? `untagged bale ${bale.uid}`,
        }))}
        none="Every bale expected here was scanned."
      />
    </>
  );
}
