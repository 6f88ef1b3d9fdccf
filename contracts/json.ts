/** A response body's JSON, or undefined when it is empty or not JSON (the caller decides what that means). */
export function parseJsonOrUndefined(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
