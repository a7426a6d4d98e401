// Packing the order (docs/packing.md, docs/decisions/017-packing.md): a packer records each line as
// packed (its real weight or count), short, or substituted; the order keeps ordered and packed side
// by side, and its final amount is what the shopper pays everywhere. When packing ends the order
// moves to processing and the shopper is told the amount. A proposed substitute waits for the
// shopper's answer for the shop's minutes; no answer applies their preference. Orders owns every
// table written here (docs/decisions/007-owners-rooms.md).
import type { Selectable, Transaction } from 'kysely';
import type { Database, OrderLinesTable } from '../../db/schema';
import { runInBackground } from '../../lib/background';
import { nowOf, type Actor, type ShopDeps } from '../../lib/deps';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { effectivePrice } from '../../lib/money';
import { countText, isMeasuredUnit, unitWord } from '../../lib/units';
import { inTransaction } from '../../db/changes';
import { getPackingSettings } from '../packing/packing-settings.service';
import type { PackingSettings } from '../packing/packing-settings.schema';
import { recordOrderChange, recordStatusChange, type ChangedBy } from './order-changes.service';
import { notifyOrder } from './order-notices';
import { askAboutSubstitutes } from './substitute-asking';
import { lockOrder } from './order-payments.service';
import { answerNow, finalAmountMinor, finalLineMinor, mostWithoutAsking } from './packing-amounts';
import type { PackingInput, SubstituteAnswerInput } from './order-packing.schema';
import { getOrder, orderWithLines } from './orders.service';
import type { Order } from './orders.schema';

type LineRow = Selectable<OrderLinesTable>;
type Trx = Transaction<Database>;

/** Orders that can still be packed: not yet on their way. */
const PACKABLE: ReadonlySet<string> = new Set(['pending', 'processing']);

const refused = (message: string, param = 'lines') => badRequest(message, [{ msg: message, param }], 'packing_refused');

function lineFinal(line: LineRow, packed: number, substitute: { priceMinor: number; answer: ReturnType<typeof answerNow> } | undefined): number {
  return finalLineMinor({ quantity: line.quantity, priceMinor: line.price_minor, subtotalMinor: line.subtotal_minor, packed, substitute });
}

/** The product put in a line's place, as sold now; refused when it is the same or not sold. */
async function substituteProduct(trx: Trx, line: LineRow, productId: string) {
  if (productId === line.product_id) throw refused(`${line.product_name} cannot substitute itself: record it as packed`, 'substitutedBy');
  const product = await trx.selectFrom('products').select(['id', 'name', 'unit', 'price_minor', 'offer_price_minor']).where('id', '=', productId).executeTakeFirst();
  if (!product) throw refused(`No product ${productId} to substitute ${line.product_name} with`, 'substitutedBy');
  return { ...product, priceMinor: effectivePrice(product.price_minor, product.offer_price_minor) };
}

/** A packed amount the line's unit can hold, within what may be packed without asking the shopper. */
function checkPacked(line: LineRow, unit: string, packed: number, settings: PackingSettings, substituted: boolean): void {
  if (!isMeasuredUnit(unit) && !Number.isInteger(packed)) throw refused(`${line.product_name}: pack whole ${unitWord(unit, 2)}`, 'packed');
  if (substituted) return;
  if (!isMeasuredUnit(unit)) {
    if (packed > line.quantity) throw refused(`${line.product_name}: ${countText(line.quantity)} ordered, pack no more`, 'packed');
    return;
  }
  const most = mostWithoutAsking(line.quantity, settings.overEstimatePercent);
  if (packed > most + 1e-9) {
    throw refused(
      `${line.product_name}: at most ${countText(most)} ${unitWord(unit, most)} without asking the shopper (${settings.overEstimatePercent}% above ${countText(line.quantity)} ${unitWord(unit, line.quantity)}): pack less or ask`,
      'packed',
    );
  }
}

/**
 * One line as the packer recorded it, written with its final subtotal: the note for the order's
 * history, and whether a substitute was newly proposed (the shopper is then asked).
 */
async function packLine(trx: Trx, line: LineRow, input: PackingInput['lines'][number], settings: PackingSettings, now: Date): Promise<{ note: string; asked: boolean }> {
  if (!input.substitutedBy) {
    checkPacked(line, line.unit, input.packed, settings, false);
    await trx
      .updateTable('order_lines')
      .set({
        packed_quantity: input.packed,
        substituted_by: null,
        substitute_name: null,
        substitute_unit: null,
        substitute_price_minor: null,
        substitute_answer: null,
        substitute_answer_by: null,
        final_subtotal_minor: lineFinal(line, input.packed, undefined),
      })
      .where('id', '=', line.id)
      .execute();
    const short = input.packed < line.quantity ? ' (short)' : '';
    return { note: `${line.product_name}: ordered ${countText(line.quantity)}, packed ${countText(input.packed)}${short}`, asked: false };
  }
  if (line.substitution === 'none') throw refused(`The shopper asked to leave ${line.product_name} out if it is missing: record it as 0`, 'substitutedBy');
  const product = await substituteProduct(trx, line, input.substitutedBy);
  checkPacked(line, product.unit, input.packed, settings, true);
  // The shopper's own named choice needs no question; any other waits for their answer.
  const chosenByShopper = line.substitution === 'product' && line.substitute_product_id === product.id;
  const keepsAnswer = line.substituted_by === product.id ? answerNow(line.substitute_answer, line.substitute_answer_by, now) : null;
  const answer = chosenByShopper ? 'accepted' : (keepsAnswer ?? 'asked');
  const answerBy = answer === 'asked' ? new Date(now.getTime() + settings.answerMinutes * 60_000) : line.substituted_by === product.id ? line.substitute_answer_by : null;
  await trx
    .updateTable('order_lines')
    .set({
      packed_quantity: input.packed,
      substituted_by: product.id,
      substitute_name: product.name,
      substitute_unit: product.unit,
      substitute_price_minor: product.priceMinor,
      substitute_answer: answer,
      substitute_answer_by: answerBy,
      final_subtotal_minor: lineFinal(line, input.packed, { priceMinor: product.priceMinor, answer }),
    })
    .where('id', '=', line.id)
    .execute();
  // Asked again only when the question is new: another product, or the same one after its answer was dropped.
  const asked = answer === 'asked' && !(line.substituted_by === product.id && line.substitute_answer === 'asked');
  return { note: `${line.product_name}: ordered ${countText(line.quantity)}, substituted by ${product.name} ${countText(input.packed)}`, asked };
}

/** The order's final amount from its lines as they are now (answers past their time count as none). */
async function refreshFinalAmount(trx: Trx, orderId: string, now: Date): Promise<number> {
  const lines = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).execute();
  const finals = lines.map((line) => {
    if (line.packed_quantity === null) return { finalMinor: null, subtotalMinor: line.subtotal_minor };
    const substitute = line.substituted_by ? { priceMinor: line.substitute_price_minor ?? line.price_minor, answer: answerNow(line.substitute_answer, line.substitute_answer_by, now) } : undefined;
    return { finalMinor: lineFinal(line, line.packed_quantity, substitute), subtotalMinor: line.subtotal_minor };
  });
  return finalAmountMinor(finals);
}

const packerOf = (staff: Actor): ChangedBy => ({ id: staff.id, name: staff.fullName, role: staff.role });

/**
 * GET /api/admin/orders/{id}/packing: the order as the packing screen shows it (packers may not read
 * the console's orders), each line with its product's quantityStep for the weight stepper (a line
 * whose product is gone: whole units, or 0.1 of a measured one).
 */
export async function orderToPack(deps: ShopDeps, orderId: string): Promise<Order> {
  const row = await deps.db.selectFrom('orders').selectAll().where('id', '=', orderId.trim()).executeTakeFirst();
  if (!row) throw notFound('Order not found');
  const order = await orderWithLines(deps.db, row, nowOf(deps));
  const ids = order.products.map((line) => line.productId);
  const steps = new Map((ids.length ? await deps.db.selectFrom('products').select(['id', 'quantity_step']).where('id', 'in', ids).execute() : []).map((product) => [product.id, Number(product.quantity_step)]));
  return { ...order, products: order.products.map((line) => ({ ...line, quantityStep: steps.get(line.productId) ?? (isMeasuredUnit(line.unit) ? 0.1 : 1) })) };
}

/**
 * PUT /api/admin/orders/{id}/packing. Lines may come a few at a time (a phone sends each as it is
 * weighed); `done` ends packing once every line is recorded. A correction after done recomputes the
 * final amount.
 */
export async function recordPacking(deps: ShopDeps, staff: Actor, orderId: string, input: PackingInput): Promise<Order> {
  const now = nowOf(deps);
  const { finished, order, asked } = await inTransaction(deps, async ({ trx }) => {
    const current = await lockOrder(trx, orderId);
    if (!PACKABLE.has(current.status)) throw refused(`The order is ${current.status}: it can no longer be packed`, 'status');
    const settings = await getPackingSettings(deps, trx);
    const lines = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', current.id).orderBy('position').execute();
    const byProduct = new Map(lines.map((line) => [line.product_id, line]));
    const notes: string[] = [];
    const askedNow: string[] = [];
    for (const given of input.lines) {
      const line = byProduct.get(given.productId);
      if (!line) throw refused(`The order has no line for product ${given.productId}`, 'productId');
      const packed = await packLine(trx, line, given, settings, now);
      notes.push(packed.note);
      if (packed.asked) askedNow.push(line.product_id);
    }
    const unpacked = input.done ? (await trx.selectFrom('order_lines').select(['product_name']).where('order_id', '=', current.id).where('packed_quantity', 'is', null).execute()).map((line) => line.product_name) : [];
    if (unpacked.length) throw refused(`Record every line before packing is done: ${unpacked.join(', ')}`, 'done');
    const packedNow = Boolean(input.done) && !current.packed_at;
    const packed = Boolean(input.done) || Boolean(current.packed_at);
    const final = packed ? await refreshFinalAmount(trx, current.id, now) : null;
    await trx
      .updateTable('orders')
      .set({ final_amount_minor: final, ...(packedNow ? { packed_at: now } : {}), updated_at: new Date() })
      .where('id', '=', current.id)
      .execute();
    if (notes.length) await recordOrderChange({ db: trx }, current.id, { kind: 'packing', from: '', to: input.done ? 'packed' : 'packing', note: notes.join('; ').slice(0, 2000) }, packerOf(staff));
    if (packedNow && current.status === 'pending') await recordStatusChange({ db: trx }, current, { from: 'pending', to: 'processing', note: 'Packed' }, packerOf(staff));
    if (packedNow && current.status === 'pending') await trx.updateTable('orders').set({ status: 'processing' }).where('id', '=', current.id).execute();
    const row = await trx.selectFrom('orders').selectAll().where('id', '=', current.id).executeTakeFirstOrThrow();
    return { finished: packedNow, order: await orderWithLines(trx, row, now), asked: askedNow };
  });
  // Asked as soon as the packer proposes it: the shopper's minutes to answer are running.
  if (asked.length) runInBackground(deps, 'substitute_question', () => askAboutSubstitutes(deps, order._id, asked));
  if (finished) runInBackground(deps, 'order_notice', () => notifyOrder(deps, order._id, 'packed'));
  return order;
}

/**
 * The shopper's answer to a proposed substitute: accepted (charged at its own price, even when
 * dearer) or refused (the line is left out). Too late once their time has passed: their preference
 * was applied, and the answer says so.
 */
export async function answerSubstitute(deps: ShopDeps, userId: string, orderIdOrNumber: string, input: SubstituteAnswerInput): Promise<Order> {
  const mine = await getOrder(deps, userId, orderIdOrNumber);
  const now = nowOf(deps);
  return inTransaction(deps, async ({ trx }) => {
    const current = await lockOrder(trx, mine._id);
    const line = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', current.id).where('product_id', '=', input.productId).executeTakeFirst();
    if (!line || !line.substituted_by) throw notFound('No substitute was proposed for that product');
    const answer = answerNow(line.substitute_answer, line.substitute_answer_by, now);
    if (answer === 'timed_out') throw new AppError(409, 'Too late to answer: the packer went by what you chose for missing items', 'conflict');
    if (answer !== 'asked') throw new AppError(409, `You answered already: ${answer}`, 'conflict');
    if (!PACKABLE.has(current.status)) throw new AppError(409, `The order is ${current.status}: it can no longer change`, 'conflict');
    const to = input.accept ? 'accepted' : 'refused';
    const finalMinor = lineFinal(line, line.packed_quantity ?? 0, { priceMinor: line.substitute_price_minor ?? line.price_minor, answer: to });
    await trx.updateTable('order_lines').set({ substitute_answer: to, final_subtotal_minor: finalMinor }).where('id', '=', line.id).execute();
    if (current.packed_at) await trx.updateTable('orders').set({ final_amount_minor: await refreshFinalAmount(trx, current.id, now), updated_at: new Date() }).where('id', '=', current.id).execute();
    await recordOrderChange({ db: trx }, current.id, { kind: 'packing', from: 'asked', to, note: `${line.product_name} -> ${line.substitute_name ?? ''}` }, { id: null, name: 'Shopper' });
    const row = await trx.selectFrom('orders').selectAll().where('id', '=', current.id).executeTakeFirstOrThrow();
    return orderWithLines(trx, row, now);
  });
}
