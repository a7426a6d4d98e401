// /checkout (docs/product.md sections 2, 4): payment, then delivery, then the order is placed and the shopper
// sees it confirmed.
import { t } from '@lingui/core/macro';
import { localNameIn } from '@server/lib/local-name';
import { currentLanguage } from '@web/lib/i18n/i18n';
import { knownMessage } from '@web/lib/i18n/known-messages';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { Address } from '@server/modules/addresses/addresses.schema';
import type { DeliveryWindow } from '@server/modules/delivery/delivery.schema';
import { MOMO_NUMBER_MESSAGE, payerPhoneField } from '@server/modules/orders/orders.schema';
import { ArrowLeftIcon } from '@web/components/ui/icons';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { paths } from '@web/app/paths';
import { storage } from '@web/lib/storage';
import { toApiError } from '@web/lib/api-client';
import { toastOnFailure, useRemote } from '@web/lib/use-remote';
import { stockNoteOf, useCartStore, type CartItem } from '@web/features/cart';
import { RequireLogin, useSignedInUser } from '@web/features/auth';
import { AddressFormDialog, fetchAddresses } from '@web/features/addresses';
import { PLACED_JUST_NOW, placeOrder, placeOrderCall } from '@web/features/orders';
import { isOnline } from '@web/lib/connection';
import { enqueue, onOutboxResult, useOutbox } from '@web/lib/outbox';
import { CheckoutProgress } from '../components/progress-bar';
import { PaymentStep, type PaymentMethod } from '../components/payment-step';
import { DeliveryStep } from '../components/delivery-step';
import { DeliveryWindowPicker } from '../components/delivery-window-picker';
import { fetchDeliveryWindows } from '../api/delivery-windows-api';
import { OrderSummary } from '../components/order-summary';
import { DuplicateOrderDialog } from '../components/duplicate-order-dialog';
import type { DuplicateOf } from '@server/modules/orders/orders.schema';
import { useIdempotencyKey } from '../hooks/use-idempotency-key';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import '../checkout.css';

export const CONTINUE_DELAY_MS = 500;
export const MIN_PLACE_ORDER_MS = 3000;

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

function defaultAddressId(addresses: Address[]): string {
  return addresses.find((address) => address.isDefault)?._id ?? '';
}

/** The window the shopper picked while it is still free, else the earliest free one. */
function chosenWindowId(windows: DeliveryWindow[], picked: string): string {
  const free = windows.filter((window) => window.available);
  return free.find((window) => window.id === picked)?.id ?? free[0]?.id ?? '';
}

/** The account's number as a shopper writes it (07…), when MoMo Rwanda can ask it. */
function localMomoNumber(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (/^2507\d{8}$/.test(digits)) return `0${digits.slice(3)}`;
  return /^07\d{8}$/.test(digits) ? digits : '';
}

const unsellableMessage = () => t`Change or remove them in your cart to place your order.`;

/** "Tomatoes (Only 2 kg left), Eggs (out of stock)", each in the shopper's language. */
const unsellableWords = (items: CartItem[]) =>
  items
    .map((item) => {
      const name = localNameIn(item, currentLanguage()) ?? item.name;
      const note = (item.stockReason === 'not_enough' && stockNoteOf(item)) || t`out of stock`;
      return t`${name} (${note})`;
    })
    .join(', ');

function Checkout() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const items = useCartStore((state) => state.items);
  const totalPrice = useCartStore((state) => state.totalPrice);
  const [cartChecked, setCartChecked] = useState(false);
  const [step, setStep] = useState<1 | 2>(1);
  // Cash on delivery starts chosen: one tap fewer on a phone. "Pay now with MoMo" asks the shopper's own number unless they change it.
  const [method, setMethod] = useState<PaymentMethod | null>('cash');
  const accountPhone = useSignedInUser()?.phoneNumber;
  const [typedPayerPhone, setPayerPhone] = useState<string | null>(null);
  // Until the shopper types one: their account's number, else empty (MoMo then asks the delivery phone).
  const payerPhone = typedPayerPhone ?? localMomoNumber(accountPhone);
  const [payerPhoneError, setPayerPhoneError] = useState('');
  const [continuing, setContinuing] = useState(false);
  const { state: addressList, reload: reloadAddresses } = useRemote(toastOnFailure(t`Failed to fetch addresses`, fetchAddresses), []);
  // A failed reload keeps the list shown.
  const addresses = addressList.data ?? [];
  const addressesLoading = addressList.status === 'loading';
  // The shopper's pick, else the default address once the list is in.
  const [pickedId, setPickedId] = useState('');
  const selectedId = pickedId || defaultAddressId(addresses);
  const { state: windowList, reload: reloadWindows } = useRemote(fetchDeliveryWindows, [], t`Could not load the delivery times`);
  const windows = windowList.data ?? [];
  const [pickedWindowId, setPickedWindowId] = useState('');
  const windowId = chosenWindowId(windows, pickedWindowId);
  const noWindowFree = windowList.status === 'ready' && !windowId;
  const [dialogOpen, setDialogOpen] = useState(false);
  const [placing, setPlacing] = useState(false);
  // The same order placed minutes ago (the server asks first): shown in a dialog until the shopper chooses.
  const [duplicateOf, setDuplicateOf] = useState<DuplicateOf | null>(null);
  const placingRef = useRef(false);
  const placedRef = useRef(false);
  const idempotencyKey = useIdempotencyKey();
  // An order placed without a network waits on this phone (lib/outbox.ts) and goes once it returns.
  const orderWaiting = useOutbox((state) => state.entries.some((entry) => entry.kind === 'order'));
  // Lines stock cannot sell as they are (none left, or fewer than they hold): the order would be refused.
  const unsellable = items.filter((item) => !item.sellable);
  const unsellableNames = unsellableWords(unsellable);

  // Returning from a payment page with status=success: the order exists, show its confirmation.
  const returnedOrderId = params.get('status') === 'success' ? (params.get('orderId') ?? storage.getLastOrderId()) : null;
  useEffect(() => {
    if (returnedOrderId) navigate(paths.orderConfirmationFor(returnedOrderId), { replace: true });
  }, [returnedOrderId, navigate]);

  useEffect(() => {
    let active = true;
    void Promise.resolve(useCartStore.getState().fetchCart()).finally(() => {
      if (active) setCartChecked(true);
    });
    return () => {
      active = false;
    };
  }, []);

  // The order kept offline has gone (app/providers.tsx shows its confirmation): the emptied cart is no
  // reason to send the shopper back to /cart while the confirmation opens.
  useEffect(
    () =>
      onOutboxResult(({ entry, error }) => {
        if (entry.kind === 'order' && !error) placedRef.current = true;
      }),
    [],
  );

  useEffect(() => {
    if (cartChecked && items.length === 0 && !placedRef.current && !returnedOrderId) {
      navigate(paths.cart, { replace: true });
    }
  }, [cartChecked, items.length, navigate, returnedOrderId]);

  async function continueToDelivery() {
    if (!method) {
      toast.error(t`Please select a payment method`);
      return;
    }
    // The server's own field and message: what placeOrder would answer, said before anything is sent.
    if (method === 'momo' && !payerPhoneField.safeParse(payerPhone).success) {
      setPayerPhoneError(knownMessage(MOMO_NUMBER_MESSAGE));
      return;
    }
    setPayerPhoneError('');
    setContinuing(true);
    await wait(CONTINUE_DELAY_MS);
    setContinuing(false);
    setStep(2);
  }

  function selectAddress(id: string) {
    // A different order body is a different attempt: it must not reuse the previous attempt's key.
    if (id !== selectedId) idempotencyKey.renew();
    setPickedId(id);
  }

  function selectWindow(id: string) {
    if (id !== windowId) idempotencyKey.renew();
    setPickedWindowId(id);
  }

  /** No network: the order, with its idempotency key, waits to be sent once; app/providers.tsx follows it. */
  function keepOrderForNetwork(body: Parameters<typeof placeOrderCall>[0], key: string) {
    enqueue({ kind: 'order', ...placeOrderCall(body, key) });
    toast.info(t`You are offline. Your order is kept on this phone and sent once, as soon as the network returns.`);
  }

  async function submitOrder(confirmDuplicate = false) {
    if (placingRef.current || orderWaiting) return;
    if (noWindowFree) {
      toast.error(t`No delivery time is free in the next 7 days. Please try again later.`);
      return;
    }
    if (!method) {
      toast.error(t`Please select a payment method`);
      setStep(1);
      return;
    }
    if (!selectedId) {
      toast.error(t`Please select a shipping address`);
      return;
    }
    if (unsellable.length) {
      toast.error(`${t`Cannot be sold as it is: ${unsellableNames}.`} ${unsellableMessage()}`);
      return;
    }
    const body = {
      addressId: selectedId,
      paymentType: method,
      ...(method === 'momo' && payerPhone.trim() ? { payerPhone: payerPhone.trim() } : {}),
      callbackUrl: `${window.location.origin}${paths.orderConfirmation}`,
      // Windows that could not be loaded: the server takes the earliest free one.
      ...(windowId ? { deliveryWindowId: windowId } : {}),
      // Warned of the same order minutes ago (a slip), unless the shopper already said to place it twice.
      ...(confirmDuplicate ? { confirmDuplicate: true } : { warnIfDuplicate: true }),
    };
    const key = idempotencyKey.current();
    if (!isOnline()) return keepOrderForNetwork(body, key);
    placingRef.current = true;
    setPlacing(true);
    try {
      const [orderId] = await Promise.all([placeOrder(body, key), wait(MIN_PLACE_ORDER_MS)]);
      placedRef.current = true;
      storage.setLastOrderId(orderId);
      useCartStore.getState().reset();
      toast.success(t`Order placed successfully and cart cleared!`);
      navigate(paths.orderConfirmationFor(orderId), { replace: true, state: PLACED_JUST_NOW });
    } catch (error) {
      const failure = await toApiError(error, t`Failed to place order`);
      placingRef.current = false;
      setPlacing(false);
      // The network dropped on the way: the same order, same key, goes when it is back (never twice).
      if (failure.error === 'network_error') return keepOrderForNetwork(body, key);
      // The same order placed minutes ago: asked in a dialog, not a toast.
      const twin = failure.error === 'duplicate_order' ? (failure.data as { duplicateOf?: DuplicateOf } | undefined)?.duplicateOf : undefined;
      // Refused for want of stock, the message names every short line; the cart shows them again as they now are.
      const shortOfStock = failure.error === 'not_enough_stock';
      if (twin) setDuplicateOf(twin);
      else toast.error((shortOfStock ? failure.message : failure.errors[0]?.message) ?? failure.message ?? t`Failed to place order`);
      if (shortOfStock) void useCartStore.getState().fetchCart();
      if (failure.error === 'delivery_window_unavailable') {
        // The window filled up or passed meanwhile: the server named the next free one; offer it.
        const next = (failure.data as { nextWindow?: DeliveryWindow | null } | undefined)?.nextWindow;
        idempotencyKey.renew();
        setPickedWindowId(next?.id ?? '');
        void reloadWindows();
      }
    }
  }

  if (returnedOrderId || !cartChecked || items.length === 0) {
    return (
      <div className="container checkout-page">
        <LoadingBlock label={t`Loading checkout...`} />
      </div>
    );
  }

  return (
    <div className="container checkout-page">
      <Link to={paths.cart} className="back-link">
        <ArrowLeftIcon size={16} aria-hidden="true" /> {t`Back to Cart`}
      </Link>
      <h1 className="page-title">{t`Checkout`}</h1>
      <CheckoutProgress current={step} />
      {orderWaiting ? (
        <p className="form-message form-message-info checkout-waiting" role="status">
          {t`Your order waits on this phone and is sent once, as soon as the network returns.`}
        </p>
      ) : null}
      {unsellable.length ? (
        <div className="form-message form-message-error checkout-stock" role="alert">
          <p>
            {t`Cannot be sold as it is: ${unsellableNames}.`} {unsellableMessage()}
          </p>
          <Link to={paths.cart}>{t`Go to your cart`}</Link>
        </div>
      ) : null}
      <div className="checkout-layout">
        <div className="checkout-main">
          {step === 1 ? (
            <PaymentStep
              method={method}
              onMethodChange={(chosen) => {
                // Another way to pay is another order body: it must not reuse the previous attempt's key.
                if (chosen !== method) idempotencyKey.renew();
                setMethod(chosen);
              }}
              payerPhone={payerPhone}
              onPayerPhoneChange={(phone) => {
                idempotencyKey.renew();
                setPayerPhone(phone);
              }}
              payerPhoneError={payerPhoneError}
              busy={continuing}
              onContinue={continueToDelivery}
            />
          ) : (
            <DeliveryStep
              addresses={addresses}
              loading={addressesLoading}
              selectedId={selectedId}
              onSelect={selectAddress}
              onNewAddress={() => setDialogOpen(true)}
              onBack={() => setStep(1)}
              onPlaceOrder={() => void submitOrder()}
              placing={placing || orderWaiting}
              windowPicker={
                <DeliveryWindowPicker
                  windows={windows}
                  loading={windowList.status === 'loading'}
                  failed={windowList.status === 'error'}
                  selectedId={windowId}
                  onSelect={selectWindow}
                  disabled={placing}
                />
              }
            />
          )}
        </div>
        <OrderSummary items={items} totalPrice={totalPrice} place={addresses.find((address) => address._id === selectedId)} />
      </div>
      <DuplicateOrderDialog
        duplicateOf={duplicateOf}
        placing={placing}
        onClose={() => setDuplicateOf(null)}
        onPlaceAgain={() => void submitOrder(true).finally(() => setDuplicateOf(null))}
      />
      <AddressFormDialog
        open={dialogOpen}
        title={t`New Address`}
        onClose={() => setDialogOpen(false)}
        onSaved={(address) => {
          setDialogOpen(false);
          idempotencyKey.renew();
          setPickedId(address._id);
          void reloadAddresses();
        }}
      />
    </div>
  );
}

export default function CheckoutPage() {
  useDocumentTitle(t`Checkout`);
  return (
    <RequireLogin>
      <Checkout />
    </RequireLogin>
  );
}
