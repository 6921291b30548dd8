/** Escapes text for the simple HTML part of a mail. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** One short paragraph, one button-like link, one footnote: every mail of the app. */
export function simpleHtml(opts: { greeting: string; body: string; action: string; link: string; footnote: string }): string {
  const link = escapeHtml(opts.link);
  return `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#222;max-width:560px">
<p>${escapeHtml(opts.greeting)}</p>
<p>${escapeHtml(opts.body)}</p>
<p><a href="${link}" style="display:inline-block;padding:10px 18px;background:#0d47a1;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(opts.action)}</a></p>
<p style="font-size:13px;color:#555">Si el botón no funciona, copia este enlace en tu navegador:<br>${link}</p>
<p style="font-size:13px;color:#555">${escapeHtml(opts.footnote)}</p>
<p>Arbitraje USD/VES</p>
</body></html>`;
}
