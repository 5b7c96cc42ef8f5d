import {
  ActionIcon,
  Button,
  type ButtonVariant,
  Group,
  Menu,
  Table,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import classes from '@/components/row-actions.module.css';

/** One thing to do to a row: a button on a wide screen, an entry of the row's menu on a narrow. */
export interface RowAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  loading?: boolean;
  /** Red, for what removes or deletes. */
  color?: 'red';
  /** The button's look on a wide screen, 'default' unless said. */
  variant?: ButtonVariant;
  /** On a narrow screen the menu stays open for the step this leads to: a delete's confirmation. */
  keepsMenuOpen?: boolean;
}

interface RowActionsProps {
  /** The menu button's name, saying which row: 'Actions for baler Big square'. */
  label: string;
  actions: RowAction[];
  /** Why the disabled actions are so: on hovering or focusing each, and atop the menu. */
  note?: string;
  /** When the menu closes, e.g. to drop a confirmation left unanswered. */
  onMenuClose?: () => void;
}

/**
 * Below Mantine's `md` breakpoint the tables' action buttons no longer fit beside their columns
 * (Baler Settings' table is 900 px wide with them), so each row's actions become one menu.
 */
const ROW_MENU_QUERY = '(max-width: 62em)';

function DotsIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

/** A disabled control takes no pointer events: its wrapper shows why on hover, focus or touch. */
function WithNote({ note, children }: { note?: string; children: ReactNode }) {
  if (!note) return children;
  return (
    <Tooltip label={note} events={{ hover: true, focus: true, touch: true }}>
      <span style={{ display: 'inline-block' }}>{children}</span>
    </Tooltip>
  );
}

/**
 * A table row's last cell with its actions: buttons where there is room, one labelled menu on a
 * narrow screen; pinned to the table's right edge, so the columns scroll sideways beneath it.
 * A confirmation asked in the row shows as buttons on a wide screen and in the menu on a narrow.
 */
export function RowActions({ label, actions, note, onMenuClose }: RowActionsProps) {
  const narrow = useMediaQuery(ROW_MENU_QUERY, false, { getInitialValueInEffect: false });
  const dropdown = useRef<HTMLDivElement>(null);
  // After an entry that keeps the menu open, the focus stays at its place among the new entries
  // (a confirmation's Keep), instead of falling out of the menu.
  const [focusAt, setFocusAt] = useState<{ index: number } | null>(null);
  useEffect(() => {
    if (!focusAt) return;
    const items = dropdown.current?.querySelectorAll<HTMLElement>('[data-menu-item]') ?? [];
    (items[focusAt.index] ?? items[0])?.focus();
  }, [focusAt]);

  if (actions.length === 0) return <Table.Td className={classes.cell} />;
  if (narrow) {
    return (
      <Table.Td className={classes.cell}>
        <Group justify="flex-end">
          <Menu position="bottom-end" width={240} onClose={onMenuClose}>
            <Menu.Target>
              <ActionIcon
                variant="default"
                size={36}
                aria-label={label}
                loading={actions.some((action) => action.loading)}
              >
                <DotsIcon />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown ref={dropdown}>
              {note && actions.some((action) => action.disabled) && <Menu.Label>{note}</Menu.Label>}
              {actions.map((action, index) => (
                <Menu.Item
                  key={action.label}
                  // Red in shade 9 on the menu's grey hover (Mantine's red item: shade 6, or shade 9
                  // on shade 2 when hovered, both under 4.5:1).
                  c={action.color && `${action.color}.9`}
                  disabled={action.disabled || action.loading}
                  closeMenuOnClick={!action.keepsMenuOpen}
                  onClick={() => {
                    action.onClick();
                    if (action.keepsMenuOpen) setFocusAt({ index });
                  }}
                >
                  {action.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Table.Td>
    );
  }
  return (
    <Table.Td className={classes.cell}>
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        {actions.map((action) => (
          <WithNote key={action.label} note={action.disabled ? note : undefined}>
            <Button
              size="xs"
              variant={action.variant ?? 'default'}
              color={action.color}
              disabled={action.disabled}
              loading={action.loading}
              onClick={action.onClick}
            >
              {action.label}
            </Button>
          </WithNote>
        ))}
      </Group>
    </Table.Td>
  );
}

/** The header over a table's `RowActions`, pinned with them. */
export function RowActionsHeader() {
  return (
    <Table.Th className={classes.cell}>
      <VisuallyHidden>Actions</VisuallyHidden>
    </Table.Th>
  );
}
