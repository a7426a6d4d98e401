// The bottom of an endless list: the scroll marker, 'Loading more products...' or 'No more products to load'.
import { t } from '@lingui/core/macro';
import { Spinner } from '@web/components/ui/spinner';

interface ListEndProps {
  sentinelRef: (node: HTMLElement | null) => void;
  loadingMore: boolean;
  hasMore: boolean;
  count: number;
}

export function ListEnd({ sentinelRef, loadingMore, hasMore, count }: ListEndProps) {
  return (
    <div className="list-end">
      {hasMore && <div ref={sentinelRef} data-infinite-sentinel="" className="list-end-sentinel" aria-hidden="true" />}
      {loadingMore && <Spinner label={t`Loading more products...`} />}
      {!hasMore && !loadingMore && count > 0 && <p className="muted">{t`No more products to load`}</p>}
    </div>
  );
}
