// The top of a Dialog or a Drawer: the heading that names it (its aria-labelledby) and the Close button.
import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { IconButton } from './button';
import { CloseIcon } from './icons';

/** kind prefixes the class names, so each modal keeps its own look (dialog-header, drawer-title...). */
export function ModalHeader({ kind, titleId, title, onClose }: { kind: 'dialog' | 'drawer'; titleId: string; title: ReactNode; onClose: () => void }) {
  return (
    <header className={`${kind}-header`}>
      <h2 id={titleId} className={`${kind}-title`}>
        {title}
      </h2>
      <IconButton label={t`Close`} size="sm" onClick={onClose}>
        <CloseIcon size={18} />
      </IconButton>
    </header>
  );
}
