import { useEffect, useId, useRef } from 'react';
import { Button } from '@/features/identity/components/auth-ui';
import { type LegalDocument, legalDocuments } from '@/features/identity/components/legal-documents';

interface LegalDocumentDialogProps {
  document: LegalDocument | null;
  onClose: () => void;
}

/** The EULA or the Privacy Statement over the registration form (a modal `<dialog>`). */
export function LegalDocumentDialog({ document, onClose }: LegalDocumentDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const shown = document ? legalDocuments[document] : undefined;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (shown && !element.open) element.showModal();
    if (!shown && element.open) element.close();
  }, [shown]);
  return (
    <dialog
      ref={dialog}
      className="bt-auth-dialog"
      aria-labelledby={titleId}
      // Escape closes the dialog by itself; the parent learns of it here.
      onClose={onClose}
    >
      <h2 id={titleId}>{shown?.title}</h2>
      {shown?.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <div className="bt-auth-end">
        <Button onClick={onClose}>Close</Button>
      </div>
    </dialog>
  );
}
