export const SERVER_OUT: string;
export const SERVER_STAMP: string;
export function serverStaleReason(root?: string): string | null;
export function buildServer(root?: string): Promise<number>;
