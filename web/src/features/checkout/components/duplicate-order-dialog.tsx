// The same products and quantities ordered minutes ago (the server's 409 duplicate_order): asked before
// the groceries come twice. Placing it again confirms; otherwise nothing is placed and the cart is kept.
import { Link } from 'react-router-dom';
import type { DuplicateOf } from '@server/modules/orders/orders.schema';
import { paths } from '@web/app/paths';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';

const ago = (minutes: number) => (minutes < 1 ? 'just now' : minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`);

interface DuplicateOrderDialogProps {
  duplicateOf: DuplicateOf | null;
  placing: boolean;
  onPlaceAgain: () => void;
  onClose: () => void;
}

export function DuplicateOrderDialog({ duplicateOf, placing, onPlaceAgain, onClose }: DuplicateOrderDialogProps) {
  return (
    <Dialog open={duplicateOf !== null} onClose={onClose} title="You just ordered this">
      {duplicateOf ? (
        <div>
          <p>
            You ordered exactly these products {ago(duplicateOf.minutesAgo)}: order{' '}
            <Link to={paths.orderConfirmationFor(duplicateOf._id)}>#{duplicateOf.orderNumber}</Link>. Placing this order again brings them twice.
          </p>
          <div className="dialog-actions">
            <Button variant="secondary" onClick={onClose} disabled={placing}>
              Don't place it
            </Button>
            <Button onClick={onPlaceAgain} busy={placing}>
              {placing ? 'Processing...' : 'Place it again'}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
