// The few characters that end text in HTML (and attribute values): for the pages the server
// writes itself, without the web app.

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe to place in HTML, as text or as a quoted attribute's value.
 * @example escapeHtml('<b>"Hay"</b>') // '&lt;b&gt;&quot;Hay&quot;&lt;/b&gt;'
 */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);
