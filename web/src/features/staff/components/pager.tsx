// Previous / Next through a paged list, with where you are announced.
import type { Pagination } from '@server/lib/fields';
import { Button } from '@web/components/ui/button';

export function Pager({ pagination, label, onPage }: { pagination: Pagination; label: string; onPage: (page: number) => void }) {
  const page = pagination.currentPage;
  const pages = Math.max(1, pagination.totalPages);
  if (pages <= 1) return null;
  return (
    <nav className="staff-pager" aria-label={label}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" size="sm" disabled={!pagination.hasNextPage} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
