import { createContext, useContext } from "react";

// The per-request Content-Security-Policy nonce, provided by entry.server.tsx while rendering on
// the server. In the browser it is empty: scripts added after hydration are modules from 'self'.
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
