import { useMay } from '@/features/users';
import classes from './area-selection.module.css';

interface AreaSelectButtonProps {
  /** The map is in its area selection mode: the button shows pressed. */
  active: boolean;
  onToggle: () => void;
}

/**
 * The map control that turns the area selection on and off, for those who build loads (the
 * owner and managers); drawn like the zoom buttons it stands above.
 */
export function AreaSelectButton({ active, onToggle }: AreaSelectButtonProps) {
  const may = useMay();
  if (!may('loads')) return null;
  return (
    <button
      type="button"
      className={classes.button}
      aria-label="Select an area"
      title="Select an area"
      aria-pressed={active}
      onClick={onToggle}
    >
      <svg width="19" height="19" viewBox="0 0 20 20" aria-hidden="true">
        <rect
          x="3"
          y="3"
          width="14"
          height="14"
          rx="1"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeDasharray="3 2.2"
        />
      </svg>
    </button>
  );
}
