export function readCookie(name: string, cookie: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/** The CSRF token cookie: `__Host-csrf` when the app is served over https, `csrf` over plain http (server/http/csrf.ts). */
export function readCsrfCookie(cookie?: string): string | null {
  return readCookie('__Host-csrf', cookie) ?? readCookie('csrf', cookie);
}
