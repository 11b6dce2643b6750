import { useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { showToast } from "~/components/ui/toaster";
import type { AdminActionFailure } from "~/validation/admin";

/**
 * A Users-tab action through a fetcher. It posts to the page's own address (tab, search and page
 * included), so a success comes back to the same list, reloaded, with the redirect's flash
 * toast. A failure answers with its message, shown here as a toast; `onSuccess` runs once the
 * list has reloaded after a success (to close a dialog).
 */
export function useAdminAction(key: string, { onSuccess }: { onSuccess?: () => void } = {}) {
  const fetcher = useFetcher<AdminActionFailure>({ key });
  const location = useLocation();
  const pending = useRef(false);
  const success = useRef(onSuccess);
  useEffect(() => {
    success.current = onSuccess;
  });
  useEffect(() => {
    if (fetcher.state !== "idle") {
      pending.current = true;
      return;
    }
    if (!pending.current) return;
    pending.current = false;
    const failure = fetcher.data;
    if (failure && failure.ok === false) {
      showToast({ title: failure.title, description: failure.title === failure.message ? undefined : failure.message, variant: "destructive" });
    } else {
      success.current?.();
    }
  }, [fetcher.state, fetcher.data]);
  return { fetcher, action: `${location.pathname}${location.search}`, busy: fetcher.state !== "idle" };
}
