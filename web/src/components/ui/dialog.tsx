// A modal dialog labelled by its title. Content stays mounted only while open.
import { useId, type ReactNode } from 'react';
import { ModalHeader } from './modal-header';
import { useModalDialog } from './use-modal-dialog';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** CSS max width of the panel, e.g. 600 (px) or '40rem'. Default 480px. */
  maxWidth?: number | string;
  /** Optional line under the title, linked as the dialog's description. */
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function Dialog({ open, onClose, title, maxWidth = 480, description, children, className = '' }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const { ref, handlers } = useModalDialog(open, onClose);

  return (
    <dialog
      ref={ref}
      className={`dialog ${className}`.trim()}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      style={{ maxWidth: typeof maxWidth === 'number' ? `${maxWidth}px` : maxWidth }}
      {...handlers}
    >
      {open && (
        <div className="dialog-panel">
          <ModalHeader kind="dialog" titleId={titleId} title={title} onClose={onClose} />
          {description && (
            <p id={descriptionId} className="dialog-description">
              {description}
            </p>
          )}
          <div className="dialog-body">{children}</div>
        </div>
      )}
    </dialog>
  );
}
