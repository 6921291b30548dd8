/**
 * Sends one export to the import routes and prints {ms, status, counts, created}: run in its own
 * process so that the multipart body and the preview's 20,000-row answer (tens of MB once parsed)
 * are not counted as the server's memory (bench/import.ts).
 *   node bench/import-client.mjs <url> <token> <file> [<extra form fields as JSON>]
 */
import { readFileSync } from 'node:fs';

const [url, token, filePath, extra = '{}'] = process.argv.slice(2);
const form = new FormData();
form.append('timezone', 'America/Caracas');
// e.g. {"cuenta_ves_id": …, "cuenta_usd_id": …}: one account per side for all the file's orders.
for (const [name, value] of Object.entries(JSON.parse(extra))) form.append(name, String(value));
form.append('file', new Blob([readFileSync(filePath)], { type: 'text/csv' }), 'binance.csv');
const t0 = performance.now();
const res = await fetch(url, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
const body = await res.json();
const ms = performance.now() - t0;
console.log(
  JSON.stringify({ ms, status: res.status, counts: body.counts, created: body.batch?.created, error: res.ok ? undefined : body }),
);
