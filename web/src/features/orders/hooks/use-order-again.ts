// "Order again" on an order: its lines that sell today go into the cart at today's prices,
// what cannot be sold (or not as many) is named, and the shopper lands on the cart to check out.
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { toast } from '@web/components/ui/toast';
import { toApiError } from '@web/lib/api-client';
import { useCartStore } from '@web/features/cart';
import { reorder } from '../api/orders-api';

export function useOrderAgain() {
  const navigate = useNavigate();
  const [busyId, setBusyId] = useState<string | null>(null);

  async function orderAgain(orderId: string) {
    if (busyId) return;
    setBusyId(orderId);
    try {
      const reply = await reorder(orderId);
      useCartStore.getState().take(reply);
      if (reply.skipped.length || reply.cut?.length) toast.info(reply.message);
      else toast.success(reply.message);
      navigate(paths.cart);
    } catch (error) {
      const failure = await toApiError(error, t`Could not order again`);
      if (failure.error !== 'unauthorized') toast.error(failure.message);
    } finally {
      setBusyId(null);
    }
  }

  return { orderAgain, busyId };
}
