// The frame of a catalog item's edit screen (a product or a category): the way back to the catalog,
// the title (the tab's too), the load's spinner or failure, then the form, or a note when the address
// names no such item.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeftIcon } from '@web/components/ui/icons';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { staffPaths } from '../staff-paths';
import type { Remote } from '../use-remote';
import { LoadState } from './load-state';

interface CatalogEditFrameProps<T> {
  title: string;
  state: Remote<T>;
  onRetry: () => void;
  /** Said instead of the form when the item asked for is not there; null while it is (or is loading). */
  missing: string | null;
  /** The form, once there is something to edit. */
  children: ReactNode;
}

export function CatalogEditFrame<T>({ title, state, onRetry, missing, children }: CatalogEditFrameProps<T>) {
  useDocumentTitle(title);
  return (
    <div className="staff-page staff-narrow">
      <Link to={staffPaths.catalog} className="back-link">
        <ArrowLeftIcon size={18} /> Catalog
      </Link>
      <h1 className="page-title">{title}</h1>
      <LoadState state={state} onRetry={onRetry} label="Loading..." />
      {missing ? <p role="alert">{missing}</p> : null}
      {children}
    </div>
  );
}
