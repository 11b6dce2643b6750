import { createRoot } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AuthForm } from "~/components/auth-form";
import { Toaster } from "~/components/ui/toaster";
import { AUTH_TEXT, type AuthSuccess } from "~/utils/auth-result";
import { sendAuthForm } from "./auth-form-request";
import { carryToast } from "./toasts";

// The auth form inside the login dialog of a page that does not hydrate (app/islands/login.ts).
// It is the same component the checkout pages and /auth use, so it needs React and a router: a
// memory router whose one action sends the form to /api/auth-form (the /auth action answering in
// JSON). Its toasts show inside the dialog (a modal dialog sits above the rest of the page). Once
// she is signed in the page loads again, signed in, with the 'Success' toast carried over.

function onSignedIn(result: AuthSuccess) {
  carryToast({
    title: AUTH_TEXT.success,
    description: result.kind === "signed-up" ? AUTH_TEXT.accountCreated : AUTH_TEXT.signedIn,
    variant: "success",
  });
  window.location.assign(result.redirectTo);
}

export function mountLoginForm(container: HTMLElement): void {
  const router = createMemoryRouter(
    [
      { path: "/auth", action: sendAuthForm },
      {
        path: "*",
        element: (
          <>
            <AuthForm onSuccess={onSignedIn} />
            <Toaster />
          </>
        ),
      },
    ],
    { initialEntries: [window.location.pathname + window.location.search] },
  );
  container.replaceChildren();
  createRoot(container).render(<RouterProvider router={router} />);
}
