import { Button, CopyButton } from '@mantine/core';

/** "Copy link", saying so once it is copied. */
export function CopyLinkButton({ url }: { url: string }) {
  return (
    <CopyButton value={url}>
      {({ copied, copy }) => (
        <Button size="xs" variant="default" onClick={copy}>
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      )}
    </CopyButton>
  );
}
