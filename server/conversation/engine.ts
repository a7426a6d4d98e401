// The conversation engine: one input in, the next screen out. It knows no channel: a reply is
// data that each channel's renderer turns into text, and the channel's limits and flags (what it
// is: a phone's line, a small screen) come in with the turn; no rule asks the channel's name. Apart from the shop's services it is pure: the session comes in and a new session goes
// out, the caller stores it.
import type { ShopDeps } from '../lib/deps';
import { withoutLoneSurrogates } from '../lib/text';
import { findOrCreatePhoneAccount } from '../modules/users/accounts.service';
import { translator, type Translate } from './i18n';
import { screenOf } from './screens';
import { newState, refusalText } from './screens/helpers';
import type { ChannelFace, ChannelFlags, ChannelLimits, Outcome, Reply, ReplyOption, ScreenContext, ScreenState, ScreenView, Session, SessionChanges } from './types';

export const KEY_BACK = '0';
export const KEY_HOME = '00';
export const KEY_MORE = '98';

export interface StepResult {
  session: Session;
  reply: Reply;
}

// Control characters are exactly what this pattern is for (they are dropped from what a shopper typed).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;
/** Characters a phone's keyboard slips in that show as nothing: zero-width spaces and joiners, the BOM. */
const INVISIBLE_CHARACTERS = /[\u200b-\u200d\u2060\ufeff]/g;

/**
 * What a shopper typed, as every screen reads it, whichever channel it came by: the same letters
 * (composed the one Unicode way), without what shows as nothing (control characters, zero-width
 * spaces, half a surrogate pair, which PostgreSQL's jsonb also refuses), spaces run together and
 * none at the ends. " 1 " on WhatsApp is "1" as on USSD, and "search  products" names the
 * "Search products" button.
 */
export function typedText(text: string): string {
  return withoutLoneSurrogates(text)
    .normalize('NFC')
    .replace(CONTROL_CHARACTERS, '')
    .replace(INVISIBLE_CHARACTERS, '')
    .replace(/\s+/g, ' ')
    .trim();
}

type Note = { error?: string; notice?: string; cartChanged?: boolean; accountMade?: boolean };

/**
 * The session a step works on: its top and its stack new, everything under them shared with the
 * session given. Nothing in the engine or a screen changes a state, a reply or the stack in place
 * (they are replaced whole), so the session given stays as it was, and is never deep-copied.
 */
function copySession(session: Session): Session {
  return { ...session, stack: [...session.stack] };
}

function contextOf(session: Session, deps: ShopDeps, limits: ChannelLimits, accountMade?: boolean): ScreenContext {
  return { deps, session, t: translator(session.language ?? 'en'), pageSize: limits.pageSize, channel: limits.flags, accountMade };
}

/** First-contact screens (first language choice, sign-up, resume) must be answered: no Back or Home. */
function allowsNavigation(state: ScreenState): boolean {
  if (state.name === 'signup' || state.name === 'resume') return false;
  return !(state.name === 'language' && state.data.first);
}

/** Where a new session starts: language on a new phone, sign-up for an unknown number, resume, or home. */
function entryState(session: Session, channel: ChannelFlags): ScreenState {
  if (channel.callerIsPhone) {
    if (!session.language) return newState('language', { first: true });
    if (!session.userId) return newState('signup');
  }
  if (session.resumable) return newState('resume');
  return newState('home');
}

/** A caller who is their phone number (USSD, WhatsApp) is the account with that number, when there is one. */
async function identifyCaller(session: Session, deps: ShopDeps, channel: ChannelFlags): Promise<void> {
  if (!channel.callerIsPhone || session.userId || !session.phone) return;
  const account = await findOrCreatePhoneAccount(deps, session.phone);
  session.userId = account?._id;
}

function unwind(session: Session, name: ScreenState['name']): boolean {
  if (session.current?.name === name) return true;
  for (let index = session.stack.length - 1; index >= 0; index -= 1) {
    if (session.stack[index].name === name) {
      session.current = session.stack[index];
      session.stack = session.stack.slice(0, index);
      return true;
    }
  }
  return false;
}

function change(session: Session, changes: SessionChanges = {}): void {
  if (changes.language) session.language = changes.language;
  if (changes.userId) session.userId = changes.userId;
  if (changes.dropJourney) session.resumable = undefined;
}

/** Moves the session as an outcome says; returns the line to show on top of the next screen. */
function apply(session: Session, outcome: Exclude<Outcome, { type: 'end' }>, channel: ChannelFlags): Note {
  switch (outcome.type) {
    case 'go': {
      change(session, outcome.set);
      if (outcome.unwindTo) unwind(session, outcome.unwindTo);
      if (outcome.how === 'push' && session.current) session.stack.push(session.current);
      if (outcome.how === 'reset') session.stack = [];
      session.current = outcome.to;
      return { notice: outcome.notice, cartChanged: outcome.cartChanged };
    }
    case 'return': {
      // Back to the nearest screen of that name, shown afresh from its first page.
      if (!unwind(session, outcome.to)) {
        session.stack = [newState('home')];
        session.current = newState(outcome.to);
      }
      session.current = { ...session.current!, offset: 0 };
      return { notice: outcome.notice, cartChanged: outcome.cartChanged };
    }
    case 'resume': {
      const saved = session.resumable;
      session.resumable = undefined;
      session.stack = saved?.stack ?? [];
      session.current = saved?.current ?? entryState(session, channel);
      return {};
    }
    case 'enter':
      change(session, outcome.set);
      session.stack = [];
      session.current = entryState(session, channel);
      return { notice: outcome.notice, accountMade: outcome.accountMade };
    case 'back':
      session.current = session.stack.pop() ?? newState('home');
      return {};
    case 'stay':
      return { error: outcome.error, notice: outcome.notice };
  }
}

/** The log-in prompt remembers what was asked, so signing in can carry on with it (afterLogin). */
function rememberAsked(outcome: Outcome, input: string): Outcome {
  if (outcome.type !== 'go' || outcome.to.name !== 'login-required') return outcome;
  return { ...outcome, to: { ...outcome.to, data: { ...outcome.to.data, retry: input } } };
}

/** Back, Home and More mean the same on every screen that allows them. */
function navigation(session: ScreenContext['session'], state: ScreenState, text: string): Outcome | undefined {
  if (!allowsNavigation(state)) return undefined;
  if (text === KEY_HOME) return { type: 'go', to: newState('home'), how: 'reset' };
  if (text === KEY_BACK && session.stack.length) return { type: 'back' };
  if (text === KEY_MORE && state.more) return { type: 'go', to: { ...state, offset: state.offset + state.shown }, how: 'push' };
  return undefined;
}

/** The list value a typed number names, if it names one of the entries last shown. */
function chosenValue(state: ScreenState, text: string): string | undefined {
  if (!/^\d{1,2}$/.test(text)) return undefined;
  return state.choices[Number(text) - 1];
}

/**
 * The table's key a typed number names: the choice shown under that number. A table key shown under
 * another number names nothing (the shopper never saw it there), so the screen reads it as a wrong choice.
 */
function tableKey(state: ScreenState, text: string): string {
  const keys = state.keys;
  if (!keys) return text;
  if (Object.hasOwn(keys, text)) return keys[text];
  return Object.values(keys).includes(text) ? '' : text;
}

async function respond(ctx: ScreenContext, text: string): Promise<Outcome> {
  const state = ctx.session.current!;
  const moved = navigation(ctx.session, state, text);
  if (moved) return moved;
  try {
    return await screenOf(state).handle(ctx, state, { text: tableKey(state, text), choice: chosenValue(state, text) });
  } catch (error) {
    const refusal = refusalText(error, ctx.t, ctx.session.language ?? 'en');
    if (refusal === undefined) throw error;
    return { type: 'stay', error: refusal };
  }
}

function navOptions(session: Session, state: ScreenState, view: ScreenView, more: boolean, t: Translate): ReplyOption[] {
  if (view.noNav || !allowsNavigation(state)) return [];
  const options: ReplyOption[] = [];
  if (more) options.push({ key: KEY_MORE, label: t('nav.more'), kind: 'nav' });
  if (session.stack.length) options.push({ key: KEY_BACK, label: t('nav.back'), kind: 'nav' });
  if (state.name !== 'home') options.push({ key: KEY_HOME, label: t('nav.home'), kind: 'nav' });
  return options;
}

/**
 * The screen's numbered choices as shown under `rowsShown` numbered rows: numbered on from the rows
 * without gaps, in the order of the menu table's keys (a choice not offered leaves no hole, and the
 * cart's Checkout and Clear cart follow its lines), and the shown -> table key pairs that differ.
 */
function numbered(actions: readonly ReplyOption[], rowsShown: number): { actions: ReplyOption[]; keys?: Record<string, string> } {
  const numberedKeys = actions.filter((action) => action.kind === 'action' && /^\d+$/.test(action.key)).map((action) => action.key);
  const order = [...numberedKeys].sort((a, b) => Number(a) - Number(b));
  const shownAs = new Map(order.map((key, index) => [key, String(rowsShown + index + 1)]));
  const keys: Record<string, string> = {};
  for (const [key, shown] of shownAs) if (shown !== key) keys[shown] = key;
  return {
    actions: actions.map((action) => (shownAs.has(action.key) && action.kind === 'action' ? { ...action, key: shownAs.get(action.key)! } : action)),
    ...(Object.keys(keys).length ? { keys } : {}),
  };
}

/**
 * The replies a view can make: the one showing its first `count` candidate rows, for any count up to
 * `upTo`. The rows are numbered once and the options made once for each count of numbered rows and
 * "more to see" or not, then shared by every count tried while the page is fitted (a USSD screen
 * tries up to 21).
 */
function composer(session: Session, state: ScreenState, view: ScreenView, note: Note, t: Translate, upTo: number): (count: number) => Reply {
  const candidates = view.rows ?? [];
  let key = 0;
  const rows = candidates.slice(0, upTo).map((row) => ({
    ...(row.value === undefined ? {} : { key: String(++key) }),
    label: row.label,
    detail: row.detail,
    ...(row.whole ? { whole: true } : {}),
    ...(row.items ? { items: row.items } : {}),
    ...(row.brief ? { brief: row.brief } : {}),
    ...(row.optional ? { optional: true } : {}),
    ...(row.product ? { product: row.product } : {}),
  }));
  const actions: ReplyOption[] = (view.actions ?? []).map(({ kind, ...action }) => ({ ...action, kind: kind ?? 'action' }));
  const options = new Map<string, ReplyOption[]>();
  const optionsFor = (keyed: number, more: boolean) => {
    const made = `${keyed} ${more}`;
    if (!options.has(made)) options.set(made, [...numbered(actions, keyed).actions, ...navOptions(session, state, view, more, t)]);
    return options.get(made)!;
  };
  return (count) => {
    const more = count < candidates.length || Boolean(view.rowsContinue);
    const keyed = rows.slice(0, count).filter((row) => row.key).length;
    return {
      ...(note.error ? { error: note.error } : {}),
      ...(note.notice ? { notice: note.notice } : {}),
      ...(note.cartChanged ? { cartChanged: true } : {}),
      ...(view.product ? { product: view.product } : {}),
      ...(view.cart ? { cart: view.cart } : {}),
      title: view.title,
      lines: view.lines ?? [],
      hint: view.hint,
      list: rows.slice(0, count),
      prompt: view.prompt,
      options: optionsFor(keyed, more),
      end: false,
    };
  };
}

/**
 * How many rows a page shows: as many as the channel fits (on USSD, names shortened before
 * prices; in chat and on WhatsApp, ten), at most `candidates`. A list of choices shows fewer rows with
 * whole names rather than more with names cut ("Cassava leaves (isombe)", never "Cassava"); rows that
 * only inform (a basket's lines, the address) all show, shortened where they must be.
 */
function rowsThatFit(replyShowing: (count: number) => Reply, candidates: number, limits: ChannelLimits, choicesOnly: boolean): number {
  if (!choicesOnly) {
    // Rows that only inform: all of them shortened rather than some of them on another page.
    for (let count = candidates; count >= 1; count -= 1) {
      if (limits.fits(replyShowing(count), 'readable') || limits.fits(replyShowing(count), 'short')) return count;
    }
    return Math.min(candidates, 1);
  }
  for (const names of ['whole', 'readable', 'short'] as const) {
    for (let count = candidates; count >= 1; count -= 1) {
      if (limits.fits(replyShowing(count), names)) return count;
    }
  }
  // One row always shows, even if it must be cut to fit.
  return Math.min(candidates, 1);
}

/** Renders the session's current screen (and records what it showed in the session). */
export async function show(session: Session, deps: ShopDeps, limits: ChannelLimits, note: Note = {}): Promise<Reply> {
  const ctx = contextOf(session, deps, limits, note.accountMade);
  let state = session.current!;
  let view = await screenOf(state).render(ctx, state);
  if (state.offset > 0 && !view.rows?.length) {
    // The list shrank under this page (a line removed elsewhere): show its first page instead.
    state = { ...state, offset: 0 };
    view = await screenOf(state).render(ctx, state);
  }
  const candidates = Math.min(view.rows?.length ?? 0, limits.pageSize);
  const replyShowing = composer(session, state, view, note, ctx.t, candidates);
  const choicesOnly = (view.rows ?? []).every((row) => row.value !== undefined);
  const count = rowsThatFit(replyShowing, candidates, limits, choicesOnly);
  const reply = replyShowing(count);
  const rows = (view.rows ?? []).slice(0, count);
  const { keys } = numbered(
    (view.actions ?? []).map(({ kind, ...action }) => ({ ...action, kind: kind ?? 'action' })),
    rows.filter((row) => row.value !== undefined).length,
  );
  const { keys: _shownBefore, ...rest } = state;
  session.current = {
    ...rest,
    shown: count,
    more: reply.options.some((option) => option.key === KEY_MORE),
    choices: rows.flatMap((row) => (row.value === undefined ? [] : [row.value])),
    ...(keys ? { keys } : {}),
  } as ScreenState;
  return reply;
}

function endReply(outcome: Extract<Outcome, { type: 'end' }>): Reply {
  return {
    title: outcome.text,
    lines: [],
    list: [],
    options: [],
    end: true,
    ...(outcome.order ? { order: outcome.order } : {}),
    ...(outcome.cartChanged ? { cartChanged: true } : {}),
  };
}

/**
 * One turn. `input` null opens the conversation (a dial, a chat opened): the first screen is
 * chosen from what is known of the phone (language, account, an unfinished journey). The limits
 * are the channel's: how many rows a page holds, and its flags. Typed input is cleaned here, once
 * for every channel, then read as the key its words name on the last reply (`keyFor`, the
 * channel's: chat's "Back" is 0).
 */
export async function step(session: Session, input: string | null, deps: ShopDeps, limits: ChannelLimits, keyFor?: ChannelFace['keyFor']): Promise<StepResult> {
  const next = copySession(session);
  let note: Note = {};
  if (input === null || !next.current || next.ended) {
    next.ended = false;
    await identifyCaller(next, deps, limits.flags);
    next.stack = [];
    next.current = entryState(next, limits.flags);
  } else {
    const typed = typedText(input);
    const key = keyFor && next.lastReply ? keyFor(next.lastReply, typed, next.language ?? 'en') : typed;
    const outcome = rememberAsked(await respond(contextOf(next, deps, limits), key), key);
    if (outcome.type === 'end') {
      next.ended = true;
      next.resumable = undefined;
      const reply = endReply(outcome);
      next.lastReply = reply;
      next.updatedAt = Date.now();
      return { session: next, reply };
    }
    note = apply(next, outcome, limits.flags);
  }
  const reply = await show(next, deps, limits, note);
  next.lastReply = reply;
  next.updatedAt = Date.now();
  return { session: next, reply };
}

/**
 * A guest who was asked to log in and has since signed in: the session as it was under the log-in
 * prompt, and the input that asked, to be played again as the shopper. Undefined otherwise.
 */
export function afterLogin(session: Session): { session: Session; input: string } | undefined {
  const { current, stack } = session;
  if (!session.userId || current?.name !== 'login-required' || current.data.retry === undefined || !stack.length) return undefined;
  return { session: { ...session, current: stack[stack.length - 1], stack: stack.slice(0, -1) }, input: current.data.retry };
}

/** A fresh session record; the channel fills in who is speaking. */
export function newSession(init: Pick<Session, 'id' | 'channel'> & Partial<Session>): Session {
  const now = Date.now();
  return { stack: [], ended: false, createdAt: now, updatedAt: now, ...init };
}

/** Screens where a journey rests: stopping on one leaves nothing half done. */
const RESTING_SCREENS: ReadonlySet<ScreenState['name']> = new Set(['home', 'language', 'signup', 'resume', 'login-required', 'addresses', 'address-detail', 'orders', 'order', 'baskets', 'basket']);

/** Whether a session stopped mid-journey (shopping, a cart change, checkout): worth offering to resume. */
export function isUnfinished(session: Session): boolean {
  if (session.ended || !session.current) return false;
  return !RESTING_SCREENS.has(session.current.name);
}
