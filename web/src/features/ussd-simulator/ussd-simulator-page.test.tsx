// The simulator against a mocked server: the Africa's Talking form it posts, and what the phone shows.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@web/test/mock-fetch';
import { DEFAULT_NETWORK_CODE } from './api/post-ussd';
import UssdSimulatorPage, { DEFAULT_PHONE } from './ussd-simulator-page';
import { nonGsmCharacters, toGsm, USSD_SCREEN_LIMIT } from '@server/lib/gsm-text';
import { parseUssdAnswer } from './ussd-text';

const WELCOME = 'CON Welcome to Isoko!\nType a product name or choose:\n1. Search products\n2. Categories';

/** Serves GET /api/config and answers each POST /ussd with the next body (and status), recording the forms. */
function mockServer(...answers: (string | { status: number; body: string })[]) {
  const forms: URLSearchParams[] = [];
  mockFetch(async (request) => {
    if (new URL(request.url).pathname === '/api/config') return json({ ussdServiceCode: '*384*123#' });
    expect(new URL(request.url).pathname).toBe('/ussd');
    expect(request.method).toBe('POST');
    expect(request.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    forms.push(new URLSearchParams(await request.text()));
    const next = answers.shift() ?? 'END Bye';
    const { status, body } = typeof next === 'string' ? { status: 200, body: next } : next;
    return new Response(body, { status, headers: { 'Content-Type': 'text/plain' } });
  });
  return forms;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function dial() {
  await userEvent.click(await screen.findByRole('button', { name: 'Dial *384*123#' }));
}

describe('UssdSimulatorPage', () => {
  it('dials with a fresh session and shows the screen without CON, with its length', async () => {
    const forms = mockServer(WELCOME);
    render(<UssdSimulatorPage />);
    expect(screen.getByLabelText('Phone number')).toHaveValue(DEFAULT_PHONE);

    await dial();
    const shown = await screen.findByTestId('ussd-screen');
    expect(shown.textContent).toBe(WELCOME.slice(4));
    expect(screen.getByTestId('ussd-count')).toHaveTextContent(`${WELCOME.length - 4}/182`);

    const form = forms[0];
    expect(form.get('sessionId')).toMatch(/^ATUid_\w+/);
    expect(form.get('serviceCode')).toBe('*384*123#');
    expect(form.get('phoneNumber')).toBe(DEFAULT_PHONE);
    expect(form.get('networkCode')).toBe(DEFAULT_NETWORK_CODE);
    expect(form.get('text')).toBe('');
  });

  it("sends every input so far joined by '*', in the same session", async () => {
    const forms = mockServer(WELCOME, 'CON Enter a product name:', 'CON Results for "tomatos":\n1. Tomatoes', 'END Bye');
    render(<UssdSimulatorPage />);
    await dial();

    for (const input of ['1', 'tomatos', '1']) {
      const reply = await screen.findByRole('textbox', { name: 'Reply' });
      await waitFor(() => expect(reply).toBeEnabled());
      await userEvent.type(reply, `${input}{Enter}`);
    }

    await screen.findByText('Bye');
    expect(forms.map((form) => form.get('text'))).toEqual(['', '1', '1*tomatos', '1*tomatos*1']);
    expect(new Set(forms.map((form) => form.get('sessionId'))).size).toBe(1);
    expect(screen.getByTestId('ussd-last-text')).toHaveTextContent('"1*tomatos*1"');
  });

  it('shows the ended state after END, and a new dial starts a new session', async () => {
    const forms = mockServer('END Order AB12CD34 placed.', WELCOME);
    render(<UssdSimulatorPage />);
    await dial();

    expect(await screen.findByText('Session ended.')).toBeInTheDocument();
    expect(screen.getByTestId('ussd-screen').textContent).toBe('Order AB12CD34 placed.');
    expect(screen.queryByRole('textbox', { name: 'Reply' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Dial again *384*123#' }));
    await screen.findByRole('textbox', { name: 'Reply' });
    expect(forms[1].get('text')).toBe('');
    expect(forms[1].get('sessionId')).not.toBe(forms[0].get('sessionId'));
  });

  it("shows the server's answer when it refuses the request", async () => {
    mockServer({ status: 403, body: 'Forbidden: unsigned USSD requests are accepted only from loopback' });
    render(<UssdSimulatorPage />);
    await dial();

    expect(await screen.findByText(/refused the request \(HTTP 403\)/)).toBeInTheDocument();
    expect(screen.getByText(/accepted only from loopback/)).toBeInTheDocument();
  });

  it('flags a screen over 182 characters', async () => {
    mockServer(`CON ${'x'.repeat(190)}`);
    render(<UssdSimulatorPage />);
    await dial();
    expect(await screen.findByTestId('ussd-count')).toHaveTextContent('190/182');
    expect(screen.getByText(/too long for one screen/)).toBeInTheDocument();
  });
});

describe('ussd text helpers', () => {
  it('strips CON/END and spots characters outside GSM-7', () => {
    expect(parseUssdAnswer('CON Hello')).toEqual({ kind: 'CON', screen: 'Hello' });
    expect(parseUssdAnswer('END Bye')).toEqual({ kind: 'END', screen: 'Bye' });
    expect(parseUssdAnswer('Oops').kind).toBe('invalid');
    expect(nonGsmCharacters('Francais 1,500.00')).toEqual([]);
    expect(nonGsmCharacters('Français ✓')).toEqual(['ç', '✓']);
  });

});

describe('the simulator checks what the server promises', () => {
  // If the simulator kept an alphabet of its own, it would either flag the server's own screens or pass
  // characters the server never sends (GSM-7's accents, extension table and euro sign among them).
  const raw = 'Café [promo] ~ 1€ “fresh” {2kg} | ^ ✓';

  it("passes a screen as the server's USSD channel sends it", async () => {
    const sent = toGsm(raw);
    mockServer(`CON ${sent}`);
    render(<UssdSimulatorPage />);
    await dial();
    expect(await screen.findByTestId('ussd-count')).toHaveTextContent(`${sent.length}/${USSD_SCREEN_LIMIT}`);
    expect(screen.queryByText(/Not GSM-7/)).not.toBeInTheDocument();
  });

  it('flags every character the server would have replaced', async () => {
    mockServer(`CON ${raw}`);
    render(<UssdSimulatorPage />);
    await dial();
    expect(await screen.findByText(/Not GSM-7/)).toHaveTextContent('Not GSM-7: é [ ] ~ € “ ” { } | ^ ✓');
  });
});
