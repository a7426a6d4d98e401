// Plays inputs through the conversation engine directly, as a USSD caller: each input one step, the
// way the gateway hands them over. For the tests that walk the menus without HTTP.
import { renderUssd, ussdLimits } from '../../server/channels/ussd/render-ussd';
import { step } from '../../server/conversation/engine';
import type { Session } from '../../server/conversation/types';
import type { ShopDeps } from '../../server/lib/deps';

/** The session after the last input and the USSD text of the last screen; null dials. */
export async function playUssd(deps: ShopDeps, session: Session, inputs: (string | null)[]) {
  let current = session;
  let text = '';
  for (const input of inputs) {
    const result = await step(current, input, deps, ussdLimits);
    current = result.session;
    text = renderUssd(result.reply);
  }
  return { session: current, text };
}
