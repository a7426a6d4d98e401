// npm run outbox [phone or email] [--url http://localhost:3000]
// For testers: the latest one-time codes the shop "sent". In development no SMS or e-mail provider
// is configured, so messages stay in the outbox; the dev server (npm run dev, DEV_OUTBOX=true) shows
// their codes to this machine at /api/dev/outbox. A production server never does.
const args = process.argv.slice(2);
const urlIndex = args.indexOf('--url');
const base = (urlIndex >= 0 ? args.splice(urlIndex, 2)[1] : process.env.ISOKO_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, '');
const to = args[0];
export {};

const response = await fetch(`${base}/api/dev/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`).catch(() => undefined);
if (!response?.ok) {
  console.error(`No outbox at ${base}. Start the server with \`npm run dev\` (it sets DEV_OUTBOX=true); production never shows codes.`);
  process.exit(1);
}
const { codes } = (await response.json()) as { codes: Array<{ recipient: string; channel: string; subject: string; code: string; createdAt: string }> };
if (!codes.length) console.log('No one-time codes yet.');
for (const entry of codes) console.log(`${entry.createdAt}  ${entry.channel.padEnd(5)}  ${entry.recipient.padEnd(28)}  ${entry.code}  ${entry.subject}`);
