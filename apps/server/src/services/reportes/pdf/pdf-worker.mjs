/**
 * The PDF worker's body (pdf-renderer.ts, decision 0050): renders a pdfmake document definition
 * (plain data built on the main thread) to bytes, off the event loop. Plain JavaScript on purpose:
 * it imports only pdfmake, so it starts in ~0.2 s without tsx, and the production build copies it
 * beside main.js as is (scripts/build-server.mjs).
 *
 * Policies (DESIGN §28): pdfmake fetches no URL at all, and reads local files only from its own
 * fonts folder (the fonts come from disk; user text only ever goes into text nodes).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake');
const FONTS = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');

pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((p) => path.resolve(p).startsWith(FONTS + path.sep));
pdfmake.setFonts({
  Roboto: {
    normal: path.join(FONTS, 'Roboto-Regular.ttf'),
    bold: path.join(FONTS, 'Roboto-Medium.ttf'),
    italics: path.join(FONTS, 'Roboto-Italic.ttf'),
    bolditalics: path.join(FONTS, 'Roboto-MediumItalic.ttf'),
  },
});

const port = parentPort;
if (!port) throw new Error('pdf-worker.mjs runs only as a worker');

/** "Página {x} de {n}": the footer is a function, so it is made here from the template sent. */
function withFooter(doc, template) {
  if (!template) return doc;
  return {
    ...doc,
    footer: (x, n) => ({
      text: template.replace('{x}', String(x)).replace('{n}', String(n)),
      alignment: 'center',
      fontSize: 8,
      margin: [0, 10, 0, 0],
    }),
  };
}

port.on('message', async (req) => {
  try {
    const bytes = await pdfmake.createPdf(withFooter(req.doc, req.footer)).getBuffer();
    const copy = new Uint8Array(bytes);
    port.postMessage({ id: req.id, ok: true, bytes: copy }, [copy.buffer]);
  } catch (err) {
    port.postMessage({ id: req.id, ok: false, message: err instanceof Error ? err.message : String(err) });
  }
});
port.postMessage({ ready: true });
