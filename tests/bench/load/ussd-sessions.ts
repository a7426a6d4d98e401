// USSD callers (second process), speaking Africa's Talking's protocol to any /ussd-style endpoint:
// each walks a first-time caller's journey to a placed order (14 screens: dial, then 13 inputs).
// Paced: every caller pauses between screens as a person does; per-step p50/p99 are kept.
// Saturation (pauseMs 0): callers walk journeys back to back, each with a new phone, for `seconds`.
import { percentile, pool, request, sleep } from './http-client';

interface SessionsInput {
  url: string;
  path: string;
  sessions: number;
  pauseMs: number;
  /** Saturation only: how long to keep walking journeys. */
  seconds?: number;
  phonePrefix: string;
}

export const JOURNEY = ['', '1', 'Bench Caller', 'carrots', '1', '1', '3', '1', '3', 'KN 2 St', 'Yellow house', '1', '1', '1'];

const input = JSON.parse(process.argv[2]) as SessionsInput;
// Callers share a gateway's few connections, as Africa's Talking does; 200 mostly idle sockets only
// race the server's keep-alive close on a busy machine.
const client = pool(input.url, Math.min(input.sessions, 50));
const stepMs: number[][] = JOURNEY.map(() => []);
let hops = 0;
let journeys = 0;
let placed = 0;
let wrong = 0;
let firstWrong = '';
let callers = 0;

async function walkJourney(phone: string): Promise<void> {
  const sessionId = `bench-${phone}-${Math.random().toString(36).slice(2)}`;
  const typed: string[] = [];
  for (const [step, text] of JOURNEY.entries()) {
    if (step > 0) typed.push(text);
    if (step > 0 && input.pauseMs) await sleep(input.pauseMs);
    const body = new URLSearchParams({ sessionId, serviceCode: '*384*4766#', phoneNumber: phone, networkCode: '63510', text: typed.join('*') }).toString();
    const reply = await request(client, 'POST', input.path, body, { 'Content-Type': 'application/x-www-form-urlencoded' });
    hops += 1;
    stepMs[step].push(reply.ms);
    const last = step === JOURNEY.length - 1;
    const expected = last ? /^END Order [A-Z0-9]{8} placed/ : /^CON /;
    if (reply.status !== 200 || !expected.test(reply.text)) {
      wrong += 1;
      firstWrong ||= `step ${step + 1} (${JSON.stringify(text)}): ${reply.status} ${reply.text.slice(0, 120)}`;
      return;
    }
    if (last) placed += 1;
  }
  journeys += 1;
}

const phoneOf = () => `+2507${input.phonePrefix}${String((callers += 1)).padStart(6, '0')}`.slice(0, 13);
const started = performance.now();
if (input.pauseMs) {
  // Callers arrive spread over one pause, as a crowd does, then keep their own rhythm.
  await Promise.all(Array.from({ length: input.sessions }, async (_, index) => {
    await sleep((index / input.sessions) * input.pauseMs);
    await walkJourney(phoneOf());
  }));
} else {
  const deadline = Date.now() + (input.seconds ?? 8) * 1000;
  await Promise.all(Array.from({ length: input.sessions }, async () => {
    while (Date.now() < deadline) await walkJourney(phoneOf());
  }));
}
const elapsedSeconds = (performance.now() - started) / 1000;
const all = stepMs.flat();
console.log(
  JSON.stringify({
    hopsPerSecond: Math.round(hops / elapsedSeconds),
    hops,
    journeys,
    placed,
    wrong,
    firstWrong,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    // Two places: step 12 / step 1 is a ratio of two medians near half a millisecond, where 0.1 ms is a fifth.
    steps: stepMs.map((samples) => ({ p50: percentile(samples, 50, 2), p99: percentile(samples, 99) })),
  }),
);
await client.close();
