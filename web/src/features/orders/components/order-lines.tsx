// The products of an order: image (placeholder when missing), name, quantity with unit, and line total.
// Once a line is packed it reads "Ordered / sent" (what went in the bag, a substitute by name) and its
// total is what it costs as packed. A substitute the packer proposed is asked of the shopper with
// Accept / Refuse until their time runs out (docs/packing.md).
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { currentLanguage } from '@web/lib/i18n/i18n';
import type { Order, OrderLine } from '@server/modules/orders/orders.schema';
import { Button } from '@web/components/ui/button';
import { Image } from '@web/components/ui/image';
import { toast } from '@web/components/ui/toast';
import { toApiError } from '@web/lib/api-client';
import { formatMoney } from '@web/lib/money';
import { quantityWithUnit } from '@server/lib/units';
import { answerSubstitute } from '../api/orders-api';
import { lineImage, lineName, lineTotal, substituteName } from '../format';

interface OrderLinesProps {
  lines: OrderLine[];
  /** Track orders also shows the unit price of each line. */
  showUnitPrice?: boolean;
  /** The shopper's own order: a proposed substitute may be answered here, and the order comes back changed. */
  answerFor?: { orderId: string; onAnswered: (order: Order) => void };
}

/** What went in the bag, in words: "1.8 kg", "none", or the substitute's name and amount. */
function sentText(line: OrderLine, packed: number): string {
  const language = currentLanguage();
  if (line.substitutedBy) {
    const name = substituteName(line.substitutedBy);
    const amount = quantityWithUnit(packed, line.substitutedBy.unit || 'pcs', language);
    return t`${name}, ${amount}`;
  }
  return packed === 0 ? t`none` : quantityWithUnit(packed, line.unit || 'pcs', language);
}

function isOpenQuestion(line: OrderLine, now: number): boolean {
  const asked = line.substitutedBy;
  return asked?.answer === 'asked' && (!asked.answerBy || new Date(asked.answerBy).getTime() > now);
}

function SubstituteQuestion({ line, orderId, onAnswered }: { line: OrderLine; orderId: string; onAnswered: (order: Order) => void }) {
  const [busy, setBusy] = useState<'accept' | 'refuse' | null>(null);
  const substitute = line.substitutedBy ? substituteName(line.substitutedBy) : '';
  const ordered = lineName(line);
  const price = formatMoney(line.substitutedBy?.price ?? 0);
  const answer = async (accept: boolean) => {
    setBusy(accept ? 'accept' : 'refuse');
    try {
      onAnswered(await answerSubstitute(orderId, line.productId, accept));
      toast.success(accept ? t`You accepted ${substitute}` : t`You refused ${substitute}: it is left out`);
    } catch (error) {
      toast.error((await toApiError(error, t`Could not send your answer`)).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="order-line-question" role="group" aria-label={t`Substitute for ${ordered}`}>
      <p>{t`${ordered} is missing. We can send ${substitute} instead (${price} each).`}</p>
      <div className="order-line-question-actions">
        <Button size="sm" busy={busy === 'accept'} disabled={busy !== null} onClick={() => void answer(true)}>
          {t`Accept`}
        </Button>
        <Button size="sm" variant="secondary" busy={busy === 'refuse'} disabled={busy !== null} onClick={() => void answer(false)}>
          {t`Refuse`}
        </Button>
      </div>
    </div>
  );
}

export function OrderLines({ lines, showUnitPrice = false, answerFor }: OrderLinesProps) {
  const now = Date.now();
  return (
    <ul className="order-lines">
      {lines.map((line, index) => {
        const packed = line.packedQuantity;
        const ordered = quantityWithUnit(line.productQuantity, line.unit || 'pcs', currentLanguage());
        const total = packed !== null && line.finalSubtotal !== null ? line.finalSubtotal : lineTotal(line);
        return (
          <li key={`${line.productId}-${index}`} className="order-line">
            <Image src={lineImage(line)} alt="" width={56} height={56} className="order-line-image" />
            <div className="order-line-text">
              <span className="order-line-name">{lineName(line)}</span>
              <span className="order-line-meta">
                {packed === null ? t`Qty: ${ordered}` : t`Ordered: ${ordered} / sent: ${sentText(line, packed)}`}
                {showUnitPrice ? ` × ${formatMoney(line.price)}` : null}
              </span>
              {packed === null && line.estimated ? <span className="order-line-meta">{t`Weighed items are priced about: you pay for what is packed.`}</span> : null}
              {answerFor && isOpenQuestion(line, now) ? <SubstituteQuestion line={line} orderId={answerFor.orderId} onAnswered={answerFor.onAnswered} /> : null}
            </div>
            <span className="order-line-total">
              {packed !== null && total !== lineTotal(line) ? (
                <>
                  <s className="order-line-was">{formatMoney(lineTotal(line))}</s> {formatMoney(total)}
                </>
              ) : packed === null && line.estimated ? (
                t`about ${formatMoney(total)}`
              ) : (
                formatMoney(total)
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
