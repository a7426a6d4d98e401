// The "Order again" confirmation as the screens it opens see it (change the address, change the time,
// a new address): they hand their answer back to it instead of going on with a checkout.
import type { Outcome, ScreenContext, ScreenDataMap } from '../types';
import { newState } from './helpers';

type AgainData = ScreenDataMap['again-confirm'];

/** The "Order again" confirmation this screen was opened from, if it was. */
export function againBelow(ctx: Pick<ScreenContext, 'session'>): AgainData | undefined {
  const { stack } = ctx.session;
  for (let index = stack.length - 1; index >= 0; index -= 1) {
    const state = stack[index];
    if (state.name === 'again-confirm') return state.data;
  }
  return undefined;
}

/** Back to that confirmation, with the address or window chosen. */
export function backToAgain(data: AgainData, change: Pick<AgainData, 'addressId'> | Pick<AgainData, 'windowId'>): Outcome {
  return { type: 'go', unwindTo: 'again-confirm', how: 'replace', to: newState('again-confirm', { ...data, ...change }) };
}
