// One dialled session, as the gateway sees it: an id made at dial time, and the list of inputs, all of which
// are sent again on every request (the Africa's Talking way). The server, not this hook, keeps the menu state.
import { useCallback, useEffect, useRef, useState } from 'react';
import { getUssdServiceCode } from './api/get-ussd-service-code';
import { postUssd } from './api/post-ussd';
import { joinInputs, parseUssdAnswer } from './ussd-text';

export type UssdStatus = 'idle' | 'waiting' | 'open' | 'ended' | 'refused' | 'failed';

export interface UssdSessionState {
  status: UssdStatus;
  sessionId: string;
  serviceCode: string;
  phoneNumber: string;
  inputs: string[];
  /** The last screen without its CON/END prefix, or the server's refusal as it wrote it. */
  screen: string;
  /** The `text` field of the last request, shown to testers. */
  lastText: string;
  httpStatus?: number;
  error?: string;
}

const initialState: UssdSessionState = {
  status: 'idle',
  sessionId: '',
  serviceCode: '',
  phoneNumber: '',
  inputs: [],
  screen: '',
  lastText: '',
};

/** Looks like a gateway's id; crypto.randomUUID needs a secure context, which a phone on the LAN may not be. */
function newSessionId(): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID().replace(/-/g, '')
      : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return `ATUid_${random}`;
}

export function useUssdSession() {
  const [state, setState] = useState<UssdSessionState>(initialState);
  const serviceCodeRef = useRef<string | null>(null);
  const [serviceCode, setServiceCode] = useState<string | null>(null);

  const loadServiceCode = useCallback(async () => {
    if (serviceCodeRef.current) return serviceCodeRef.current;
    const code = await getUssdServiceCode();
    serviceCodeRef.current = code;
    setServiceCode(code);
    return code;
  }, []);

  // Fetched up front so the Dial button can say what it dials; a failure here is retried on Dial.
  useEffect(() => {
    loadServiceCode().catch(() => undefined);
  }, [loadServiceCode]);
  // Only the newest request may change the screen (a slow answer to a cancelled session is dropped).
  const requestSeq = useRef(0);

  const exchange = useCallback(async (base: UssdSessionState, inputs: string[]) => {
    const seq = ++requestSeq.current;
    const text = joinInputs(inputs);
    setState({ ...base, status: 'waiting', error: undefined });
    try {
      const answer = await postUssd({
        sessionId: base.sessionId,
        serviceCode: base.serviceCode,
        phoneNumber: base.phoneNumber,
        text,
      });
      if (seq !== requestSeq.current) return;
      if (!answer.ok) {
        setState({ ...base, status: 'refused', screen: answer.body, lastText: text, httpStatus: answer.status });
        return;
      }
      const parsed = parseUssdAnswer(answer.body);
      setState({
        ...base,
        inputs,
        lastText: text,
        screen: parsed.screen,
        httpStatus: answer.status,
        status: parsed.kind === 'CON' ? 'open' : 'ended',
        error: parsed.kind === 'invalid' ? 'The answer did not start with CON or END; a phone would drop it.' : undefined,
      });
    } catch {
      if (seq !== requestSeq.current) return;
      // Keep the previous screen and inputs, so Send can simply be tried again.
      setState({ ...base, status: base.status === 'idle' ? 'failed' : base.status, error: 'Could not reach the server. Try again.' });
    }
  }, []);

  const dial = useCallback(
    async (phoneNumber: string) => {
      let serviceCode: string;
      try {
        serviceCode = await loadServiceCode();
      } catch {
        setState({ ...initialState, status: 'failed', error: 'Could not load the service code from the shop. Try again.' });
        return;
      }
      await exchange({ ...initialState, sessionId: newSessionId(), serviceCode, phoneNumber: phoneNumber.trim() }, []);
    },
    [exchange, loadServiceCode],
  );

  const reply = useCallback(
    (input: string) => {
      if (state.status !== 'open') return Promise.resolve();
      return exchange(state, [...state.inputs, input.trim()]);
    },
    [exchange, state],
  );

  /** The shopper pressed Cancel: the phone drops the session (the gateway would tell the server separately). */
  const hangUp = useCallback(() => {
    requestSeq.current++;
    setState(initialState);
  }, []);

  return { state, serviceCode, dial, reply, hangUp };
}
