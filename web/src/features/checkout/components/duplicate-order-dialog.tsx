// The same products and quantities ordered minutes ago (the server's 409 duplicate_order): asked before
// the groceries come twice. Placing it again confirms; otherwise nothing is placed and the cart is kept.
import { plural, t } from '@lingui/core/macro';
import { Link } from 'react-router-dom';
import type { DuplicateOf } from '@server/modules/orders/orders.schema';
import { paths } from '@web/app/paths';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';

const ago = (minutes: number) => (minutes < 1 ? t`just now` : plural(minutes, { one: '# minute ago', other: '# minutes ago' }));

function OrderedBefore({ duplicateOf }: { duplicateOf: DuplicateOf }) {
  const when = ago(duplicateOf.minutesAgo);
  const number = duplicateOf.orderNumber;
  return (
    <p>
      {t`You ordered exactly these products ${when}: order`} <Link to={paths.orderConfirmationFor(duplicateOf._id)}>#{number}</Link>.{' '}
      {t`Placing this order again brings them twice.`}
    </p>
  );
}

interface DuplicateOrderDialogProps {
  duplicateOf: DuplicateOf | null;
  placing: boolean;
  onPlaceAgain: () => void;
  onClose: () => void;
}

export function DuplicateOrderDialog({ duplicateOf, placing, onPlaceAgain, onClose }: DuplicateOrderDialogProps) {
  return (
    <Dialog open={duplicateOf !== null} onClose={onClose} title={t`You just ordered this`}>
      {duplicateOf ? (
        <div>
          <OrderedBefore duplicateOf={duplicateOf} />
          <div className="dialog-actions">
            <Button variant="secondary" onClick={onClose} disabled={placing}>
              {t`Don't place it`}
            </Button>
            <Button onClick={onPlaceAgain} busy={placing}>
              {placing ? t`Processing...` : t`Place it again`}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
