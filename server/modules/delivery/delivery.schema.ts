// Delivery windows as the API speaks them. Plain zod: the storefront and the console import it.
import { z } from 'zod';

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const toMinutes = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

const timeField = (label: string) =>
  z.string({ error: `${label} is required` }).trim().regex(TIME_OF_DAY, `${label} must be a time like 08:00`);

/** The shop's schedule: which ISO weekdays it delivers (Monday = 1), its hours, window length, places and cut-off. */
export const deliveryScheduleSchema = z
  .object({
    days: z
      .array(z.number().int().min(1, 'Days are 1 (Monday) to 7 (Sunday)').max(7, 'Days are 1 (Monday) to 7 (Sunday)'), { error: 'Choose the days the shop delivers' })
      .min(1, 'Choose at least one delivery day')
      .max(7)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    openFrom: timeField('Opening time'),
    openUntil: timeField('Closing time'),
    windowHours: z.number({ error: 'Window length is required' }).int('Window length is whole hours').min(1, 'A window is 1 to 12 hours').max(12, 'A window is 1 to 12 hours'),
    capacity: z.number({ error: 'Orders per window is required' }).int('Orders per window is a whole number').min(1, 'A window takes at least 1 order').max(10_000, 'A window takes at most 10,000 orders'),
    sameDayCutoff: timeField('Same-day cut-off'),
  })
  .superRefine((value, ctx) => {
    if (value.openFrom === '24:00') ctx.addIssue({ code: 'custom', path: ['openFrom'], message: 'Opening time must be before midnight' });
    const open = toMinutes(value.openUntil) - toMinutes(value.openFrom);
    if (open < value.windowHours * 60) {
      ctx.addIssue({ code: 'custom', path: ['openUntil'], message: `Closing time must leave room for one ${value.windowHours}-hour window after opening` });
    }
  });
export type DeliverySchedule = z.infer<typeof deliveryScheduleSchema>;

/** The schedule as an answer gives it. */
export const deliveryScheduleShape = z.object({
  days: z.array(z.number().int()).describe('ISO weekdays the shop delivers, Monday = 1'),
  openFrom: z.string().describe('Kigali time, e.g. 08:00'),
  openUntil: z.string(),
  windowHours: z.number().int(),
  capacity: z.number().int().describe('Orders a window takes'),
  sameDayCutoff: z.string().describe('From this Kigali time on, no window today is offered'),
});

/** A window as any visitor reads it; `id` is what placeOrder takes as deliveryWindowId. */
export const deliveryWindowSchema = z.object({
  id: z.string().describe('The window, as placeOrder takes it: Kigali date and start, e.g. 2026-11-24T16:00'),
  start: z.string().describe('ISO 8601 with Kigali offset, e.g. 2026-11-24T16:00:00+02:00'),
  end: z.string(),
  label: z.string().describe('e.g. "Today 16:00–18:00", "Tomorrow 08:00–10:00", "Wed 26 Nov 08:00–10:00"'),
  sameDay: z.boolean(),
  available: z.boolean().describe('Has room, starts at least an hour ahead, and (today) it is before the same-day cut-off'),
});
export type DeliveryWindow = z.infer<typeof deliveryWindowSchema>;

/** The window an order is delivered in; null on orders placed before the shop had windows. */
export const orderDeliveryWindowSchema = z.object({ start: z.string(), end: z.string(), label: z.string() });
export type OrderDeliveryWindow = z.infer<typeof orderDeliveryWindowSchema>;

/** GET /delivery/windows */
export const deliveryWindowsReplySchema = z.object({ success: z.boolean(), windows: z.array(deliveryWindowSchema) });
export type DeliveryWindowsReply = z.infer<typeof deliveryWindowsReplySchema>;

/** GET /delivery/weekly-times: every weekday the shop delivers and all its windows, for a weekly basket. */
export const weeklyTimesReplySchema = z.object({
  success: z.boolean(),
  days: z.array(
    z.object({
      weekday: z.number().int().min(1).max(7).describe('ISO weekday, Monday = 1'),
      windows: z.array(z.object({ start: z.string().describe('Kigali time, e.g. 08:00'), end: z.string().describe('Kigali time, e.g. 10:00') })),
    }),
  ),
});
export type WeeklyTimesReply = z.infer<typeof weeklyTimesReplySchema>;

/** An order as the console's Delivery page lists it under its window. */
export const windowOrderSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  amount: z.number(),
  items: z.number().int(),
  customer: z.object({ fullName: z.string(), phoneNumber: z.string() }),
  place: z.string().describe('Street and district of the delivery address'),
});
export type WindowOrder = z.infer<typeof windowOrderSchema>;

export const staffDeliveryWindowSchema = deliveryWindowSchema.extend({
  capacity: z.number().int(),
  /** Orders in the window that are not cancelled. */
  booked: z.number().int(),
  orders: z.array(windowOrderSchema),
});
export type StaffDeliveryWindow = z.infer<typeof staffDeliveryWindowSchema>;

/** GET /admin/delivery: the schedule, and today's and the next 6 days' windows with their orders. */
export const staffDeliveryReplySchema = z.object({
  success: z.boolean(),
  schedule: deliveryScheduleShape,
  updatedAt: z.string(),
  windows: z.array(staffDeliveryWindowSchema),
});
export type StaffDeliveryReply = z.infer<typeof staffDeliveryReplySchema>;

/** PUT /admin/delivery */
export const staffScheduleReplySchema = z.object({ success: z.boolean(), message: z.string(), schedule: deliveryScheduleShape, updatedAt: z.string() });
