// docs/product.md §4.10: the download button appears once the sign-up form above it has succeeded
// (components/download-signup.tsx).

export function initDownloadSignups(root: ParentNode): void {
  for (const signup of root.querySelectorAll<HTMLElement>("[data-download-signup]")) {
    signup.addEventListener("email-list:success", () => {
      const reveal = signup.querySelector<HTMLElement>("[data-download-reveal]");
      if (reveal) reveal.hidden = false;
    });
  }
}
