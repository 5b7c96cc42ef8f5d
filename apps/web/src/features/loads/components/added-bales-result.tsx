import type { AddLoadBalesResponse } from '@baletrack/contracts/loads/loads';
import { Alert, List, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { addedBalesSummary } from '@/features/loads/utils/added-bales-summary';

interface AddedBalesResultProps {
  result: AddLoadBalesResponse;
  /** After the words: a link to the load, from the map. */
  children?: ReactNode;
}

/** What adding bales did: how many were added, and which were left out and why. */
export function AddedBalesResult({ result, children }: AddedBalesResultProps) {
  const { headline, leftOut } = addedBalesSummary(result);
  return (
    <Alert
      color={leftOut.length === 0 ? 'green' : 'yellow'}
      variant="light"
      title={headline}
      role="status"
    >
      {leftOut.length > 0 && (
        <>
          <Text size="sm">Left out:</Text>
          <List size="sm" spacing={2}>
            {leftOut.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </>
      )}
      {children}
    </Alert>
  );
}
