import { type MouseEvent, useId } from 'react';
import { LinkButton } from '@/features/identity/components/auth-ui';

interface AgreementCheckboxProps {
  /** The linked document's name: the label reads 'I agree to the <name>'. */
  documentName: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onOpenDocument: () => void;
  error: string | undefined;
}

/** A box the user must tick, whose label links to the document agreed to. */
export function AgreementCheckbox({
  documentName,
  checked,
  onChange,
  onOpenDocument,
  error,
}: AgreementCheckboxProps) {
  const id = useId();
  const open = (event: MouseEvent) => {
    event.preventDefault(); // reading the document does not tick the box
    onOpenDocument();
  };
  return (
    <div className="bt-auth-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>
        I agree to the <LinkButton onClick={open}>{documentName}</LinkButton>
      </label>
      {error && (
        <div className="bt-auth-error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}
