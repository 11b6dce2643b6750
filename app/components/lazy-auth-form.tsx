import { lazy, Suspense, type ComponentProps } from "react";
import { Spinner } from "./ui/spinner";
import type * as AuthFormModuleExports from "./auth-form";

// The auth form for the navigation's login dialog, loaded when the dialog is about to open (the
// form, its Zod schemas and the toasts are not needed to show a page). The checkout pages, where
// the form is the page, import ./auth-form directly.

type AuthFormModule = typeof AuthFormModuleExports;
let loaded: AuthFormModule | null = null;
let loading: Promise<AuthFormModule> | null = null;

/** Starts (once) the download of the auth form; resolves when it can render without waiting. */
export function loadAuthForm(): Promise<AuthFormModule> {
  loading ??= import("./auth-form").then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const Deferred = lazy(() => loadAuthForm().then((module) => ({ default: module.AuthForm })));

export function LazyAuthForm(props: ComponentProps<AuthFormModule["AuthForm"]>) {
  if (loaded) return <loaded.AuthForm {...props} />;
  return (
    <Suspense
      fallback={
        <div className="flex min-h-80 items-center justify-center">
          <Spinner size="lg" />
        </div>
      }
    >
      <Deferred {...props} />
    </Suspense>
  );
}
