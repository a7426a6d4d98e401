// How much of a product a line may hold (docs/packing.md): a product sold by a measured unit (kg,
// litre) is sold in steps from a minimum that staff set (0.5 kg from 0.5 kg); every other product in
// whole units from 1. Shared by the server's checks and every face's messages, so a quantity refused
// on one face is refused, in the same words, on all of them.
import { countText, isMeasuredUnit, unitWord } from './units';

export interface QuantityRule {
  step: number;
  min: number;
}

/** Thousandths: quantities are compared as integers so 0.1 + 0.2 never misses a step. */
const milli = (value: number) => Math.round(value * 1000);

/** The rule a product sells by; a whole unit is always 1 from 1, whatever a column says. */
export function quantityRule(unit: string, step: number | undefined, min: number | undefined): QuantityRule {
  if (!isMeasuredUnit(unit)) return { step: 1, min: 1 };
  return { step: step && step > 0 ? step : 1, min: min && min > 0 ? min : step && step > 0 ? step : 1 };
}

/** "Tomatoes is sold by 0.5 kg, from 0.5 kg"; for whole units "Eggs is sold in whole trays". */
export function soldByText(name: string, unit: string, rule: QuantityRule): string {
  if (!isMeasuredUnit(unit) || (rule.step === 1 && rule.min === 1)) return `${name} is sold in whole ${unitWord(unit, 2)}`;
  return `${name} is sold by ${countText(rule.step)} ${unitWord(unit, rule.step)}, from ${countText(rule.min)} ${unitWord(unit, rule.min)}`;
}

/** Why this quantity cannot be ordered, or undefined when it can. */
export function quantityProblem(name: string, unit: string, rule: QuantityRule, quantity: number): string | undefined {
  if (!Number.isFinite(quantity) || quantity <= 0) return 'Quantity cannot be less than 1';
  const wanted = milli(quantity);
  if (wanted < milli(rule.min) || wanted % milli(rule.step) !== 0) return soldByText(name, unit, rule);
  return undefined;
}

/** Whether a line of this unit is priced "about" (its weight is known only once packed). */
export const isEstimated = (unit: string) => isMeasuredUnit(unit);

/** A line's subtotal in minor units: a part of a unit rounds to the nearest minor unit. */
export const lineMinor = (priceMinor: number, quantity: number) => Math.round(priceMinor * quantity);

/**
 * A quantity typed on a phone: "1.5", "1,5" (a French keyboard) or "2"; undefined when it is not
 * a number with at most three decimals.
 */
export function parseTypedQuantity(text: string): number | undefined {
  const match = /^\s*(\d{1,4})(?:[.,](\d{1,3}))?\s*$/.exec(text);
  if (!match) return undefined;
  return Number(`${match[1]}.${match[2] ?? '0'}`);
}

