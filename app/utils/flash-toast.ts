// The one-time toast a redirect carries (decision 016), as the server writes it and the page shows
// it. The cookie itself is app/server/core/toast.server.ts.

export type FlashToastVariant = "default" | "success" | "info" | "warning" | "destructive";

export interface FlashToastInput {
  title: string;
  description?: string;
  variant?: FlashToastVariant;
}

export interface FlashToast extends Required<Pick<FlashToastInput, "title" | "variant">> {
  /** Unique per toast, so the page shows each one once however often it re-renders. */
  id: string;
  description: string | null;
}
