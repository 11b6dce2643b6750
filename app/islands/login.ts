import { openModal } from "./dialogs";
import type * as LoginIslandExports from "./login-island";

// The login dialog on the pages that do not hydrate (components/login-dialog-shell.tsx): the
// dialog opens at once with a spinner, and the auth form (React, in its own chunk: it is the one
// piece of these pages that needs it) renders into it when it has arrived. Hovering or focusing
// 'Login' starts the download early. If it cannot load, the /auth page holds the same form.

type LoginIsland = typeof LoginIslandExports;
let loading: Promise<LoginIsland> | null = null;
let mounted = false;

function load(): Promise<LoginIsland> {
  loading ??= import("./login-island").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export function preloadLogin(): void {
  void load().catch(() => {});
}

function authPageUrl(): string {
  const here = window.location.pathname + window.location.search;
  return here === "/" ? "/auth" : `/auth?${new URLSearchParams({ redirectTo: here })}`;
}

export function openLogin(button: HTMLElement): void {
  const dialog = document.querySelector<HTMLDialogElement>("dialog[data-login-dialog]");
  const mount = dialog?.querySelector<HTMLElement>("[data-login-mount]");
  if (!dialog || !mount) {
    window.location.assign(authPageUrl());
    return;
  }
  button.setAttribute("aria-expanded", "true");
  openModal(dialog, () => button.setAttribute("aria-expanded", "false"));
  if (mounted) return;
  load().then(
    (island) => {
      if (mounted) return;
      mounted = true;
      island.mountLoginForm(mount);
    },
    () => window.location.assign(authPageUrl()),
  );
}
