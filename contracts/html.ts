/** Text for HTML made as a string (the development pages, the prerendered page shells): the five markup characters and the backtick. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"'`]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' })[ch]!);
