/** Where the API lives. Same origin by default; VITE_API_BASE points the SPA at another host. */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';
