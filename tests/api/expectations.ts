// Assertions the contract suite repeats: the error shapes of docs/api.md and "no internals leak out".
import { expect } from 'vitest';
import type { Response } from 'supertest';

/** Nothing that looks like a stack trace, a source file or a database message reaches a client. */
export function expectNoInternals(response: Response): void {
  const text = response.text ?? '';
  expect(text).not.toMatch(/\bat [\w.<>]+ \(|\.ts:\d+|node_modules|Error: |stack|duplicate key|violates/i);
}

/** docs/api.md: `{success:false, message}` with string `message` (and `error`, when present). */
export function expectErrorShape(response: Response, status: number, message?: string | RegExp): void {
  expect(response.status, `status (body: ${response.text})`).toBe(status);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  expect(response.body.success).toBe(false);
  expect(typeof response.body.message).toBe('string');
  if (response.body.error !== undefined) expect(typeof response.body.error).toBe('string');
  if (typeof message === 'string') expect(response.body.message).toBe(message);
  else if (message) expect(response.body.message).toMatch(message);
  expectNoInternals(response);
}

/** 401 whose message names the token, so clients treat it as an expired session (docs/product.md section 7). */
export function expectTokenRejected(response: Response): void {
  expectErrorShape(response, 401);
  expect(response.body.message.toLowerCase()).toContain('token');
}

/** 400 with per-field errors; every expected `{param: msg}` pair is among them. */
export function expectFieldErrors(response: Response, expected: Record<string, string>): void {
  expectErrorShape(response, 400);
  const errors = response.body.errors as Array<{ msg: string; param: string }>;
  expect(Array.isArray(errors)).toBe(true);
  for (const entry of errors) {
    expect(typeof entry.msg).toBe('string');
    expect(typeof entry.param).toBe('string');
  }
  for (const [param, msg] of Object.entries(expected)) {
    expect(errors, `errors for ${param}`).toContainEqual({ msg, param });
  }
  expect(Object.values(expected)).toContain(response.body.message);
}

/** docs/api.md: image fields are absolute URLs of pictures the shop serves. */
export const ABSOLUTE_IMAGE_URL = /^https?:\/\/[^/]+\/images\/[\w/.-]+$/;

/** docs/api.md's product shape, money as numbers and ids as strings. */
export function expectProductShape(product: Record<string, unknown>): void {
  expect(typeof product._id).toBe('string');
  expect(typeof product.productname).toBe('string');
  expect(typeof product.price).toBe('number');
  if (product.offerPrice != null) {
    expect(typeof product.offerPrice).toBe('number');
    expect(product.offerPrice as number).toBeLessThan(product.price as number);
  }
  expect(product.productImage).toMatch(ABSOLUTE_IMAGE_URL);
  expect(typeof product.productUnit).toBe('string');
  expect(typeof product.description).toBe('string');
  expect(typeof product.averageRating).toBe('number');
  expect(Number.isInteger(product.ratingCount)).toBe(true);
  expect(typeof product.inStock).toBe('boolean');
  expect(product.productCategory).toEqual({ _id: expect.any(String), name: expect.any(String) });
  expect(Number.isNaN(Date.parse(product.createdAt as string))).toBe(false);
}

export const address = (overrides: Record<string, unknown> = {}) => ({
  description: 'Home',
  city: 'Kigali',
  street: 'KN 5 Rd 12',
  district: 'Nyarugenge',
  phoneNumber: '0788123456',
  ...overrides,
});
