// Sentences the storefront shows but does not write itself: the server's refusals (docs/api.md, in
// English, as docs/product.md gives them) and the validation messages of the zod schemas the web shares with the
// server (a schema is made once, at import, before any language is chosen). Each is listed here for the
// catalogs, its id being its English words: lib/i18n/known-messages.ts shows a listed sentence in the
// shopper's language by looking that id up. Nothing imports this list at run time, so it costs a phone
// nothing; its test holds it to the sentences' sources.
import { msg } from '@lingui/core/macro';

export const SERVER_SENTENCES = [
  // Sign-up, sign-in and password reset (docs/product.md section 5).
  msg({ id: 'Please provide an email or phone number' }),
  msg({ id: 'Invalid email format' }),
  msg({ id: 'Invalid phone number format (e.g., +1234567890)' }),
  msg({ id: 'Invalid phone number format' }),
  msg({ id: 'Password is required' }),
  msg({ id: 'Password must be at least 6 characters' }),
  msg({ id: 'Passwords do not match' }),
  msg({ id: "Passwords don't match" }),
  msg({ id: 'Full name is required' }),
  msg({ id: 'Email is required' }),
  msg({ id: 'Phone number is required' }),
  msg({ id: 'You must agree to the Terms & Conditions' }),
  msg({ id: 'Enter the 6-digit code we sent you' }),
  msg({ id: 'Enter the e-mail or phone number of an existing account' }),
  msg({ id: 'Invalid credentials' }),
  msg({ id: 'Email already registered' }),
  msg({ id: 'Phone number already registered' }),
  msg({ id: 'That code is wrong or has expired' }),
  msg({ id: 'The code is wrong or has expired. Ask for a new one.' }),
  msg({ id: 'Too many codes sent. Try again in an hour.' }),
  msg({ id: 'We have sent a new code by SMS. It works for 10 minutes.' }),
  msg({ id: 'There is no phone number waiting to be verified' }),
  msg({ id: 'Invalid or missing email' }),
  msg({ id: 'Invalid phone number' }),
  // Addresses (docs/product.md section 5).
  msg({ id: 'Description is required' }),
  msg({ id: 'City is required' }),
  msg({ id: 'Street is required' }),
  msg({ id: 'District is required' }),
  msg({ id: 'Choose a district of Kigali: Gasabo, Kicukiro or Nyarugenge' }),
  msg({ id: 'Address not found' }),
  // Contact form.
  msg({ id: 'Name is required' }),
  msg({ id: 'Subject is required' }),
  msg({ id: 'Message is required' }),
  // Catalog, cart and orders.
  msg({ id: 'Product not found' }),
  msg({ id: 'Product not found in cart' }),
  msg({ id: 'Category not found' }),
  msg({ id: 'Order not found' }),
  msg({ id: 'Quantity cannot be less than 1' }),
  msg({ id: 'Rating must be from 1 to 5' }),
  msg({ id: 'Please select a payment method' }),
  msg({ id: 'Enter an MTN MoMo number of Rwanda, like 0788123456' }),
  msg({ id: 'Please select a shipping address' }),
  msg({ id: 'That delivery window is full.' }),
  msg({ id: 'That delivery window is not offered.' }),
  msg({ id: 'That delivery window can no longer be booked.' }),
  msg({ id: 'Sorry, every delivery window is full.' }),
  msg({ id: 'A MoMo payment request for this order is already on its way' }),
  msg({ id: 'There is nothing to make a weekly basket of: your cart is empty' }),
  msg({ id: 'Too many failed attempts. Try again in 15 minutes or reset your password.' }),
  msg({ id: 'Something went wrong' }),
];
