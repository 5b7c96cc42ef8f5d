import { Anchor, Checkbox } from '@mantine/core';
import type { MouseEvent, Ref } from 'react';

interface AgreementCheckboxProps {
  /** The linked document's name: the label reads 'I agree to the <name>'. */
  documentName: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur: () => void;
  onOpenDocument: () => void;
  error: string | undefined;
  name: string;
  ref: Ref<HTMLInputElement>;
}

/** A box the user must tick, whose label links to the document agreed to. */
export function AgreementCheckbox({
  documentName,
  checked,
  onChange,
  onOpenDocument,
  ...props
}: AgreementCheckboxProps) {
  const open = (event: MouseEvent) => {
    event.preventDefault(); // reading the document does not tick the box
    onOpenDocument();
  };
  return (
    <Checkbox
      {...props}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      label={
        <>
          I agree to the{' '}
          <Anchor component="button" type="button" size="sm" onClick={open}>
            {documentName}
          </Anchor>
        </>
      }
    />
  );
}
