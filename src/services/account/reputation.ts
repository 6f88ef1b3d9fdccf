/** Device data sent as the spec's `reputation` with sign-in, SSO and account creation (recorded by the server, never echoed). */
export function reputation(): Record<string, string> {
  if (typeof navigator === 'undefined') return {};
  return {
    userAgent: navigator.userAgent.slice(0, 200),
    language: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
  };
}
