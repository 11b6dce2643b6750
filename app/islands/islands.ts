import { initAccordions } from "./accordion";
import { initBookingEmbeds } from "./booking";
import { initCarousels } from "./carousel";
import { initCheckout } from "./checkout";
import { initCountdowns } from "./countdown";
import { initDownloadSignups } from "./download-signup";
import { initEmailForms } from "./email-forms";
import { initExitPopup } from "./exit-popup";
import { initLazySections } from "./lazy-sections";
import { initNav } from "./nav";
import { initPageView } from "./page-view";
import { initAnchorScroll } from "./scroll";
import { initToasts } from "./toasts";
import { initVideoEmbeds } from "./video";

// The one script of the public pages that do not hydrate (app/utils/islands-page.ts): it adds each
// behaviour to the markup the server wrote. A module script runs once the document has been
// parsed, so everything is there.

/** The behaviour of a part of the page: the whole page now, a lazy section when it arrives. */
function enhance(root: ParentNode) {
  initAccordions(root);
  initCountdowns(root);
  initCarousels(root);
  initEmailForms(root);
  initBookingEmbeds(root);
  initVideoEmbeds(root);
}

initToasts();
initNav();
initAnchorScroll();
initDownloadSignups(document);
initCheckout(document);
enhance(document);
initLazySections(enhance);
initExitPopup();
document.documentElement.dataset.islands = "ready";
initPageView();
