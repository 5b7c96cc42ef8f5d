import { Anchor } from '@mantine/core';

export function BackToSignIn({ onClick }: { onClick: () => void }) {
  return (
    <Anchor component="button" type="button" size="sm" onClick={onClick}>
      Back to sign in
    </Anchor>
  );
}
