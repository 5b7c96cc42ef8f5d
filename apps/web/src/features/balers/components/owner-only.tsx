import { messages } from '@baletrack/contracts/errors/messages';
import { Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

interface OwnerOnlyProps {
  /** Whether the signed-in user may change balers (the owner, or a SuperAdmin acting). */
  allowed: boolean;
  children: ReactNode;
}

/**
 * Wraps a control a sub-user sees but may not use (the control itself is rendered disabled):
 * hovering or focusing it says why. The wrapper takes the events a disabled control does not.
 */
export function OwnerOnly({ allowed, children }: OwnerOnlyProps) {
  if (allowed) return children;
  return (
    <Tooltip
      label={messages.roles.ownerOnlyBalers}
      events={{ hover: true, focus: true, touch: true }}
    >
      <span style={{ display: 'inline-block' }}>{children}</span>
    </Tooltip>
  );
}
