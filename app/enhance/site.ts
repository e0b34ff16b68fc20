/**
 * The public site's browser entry (decision 0037). Public pages are complete server-rendered
 * HTML; these small modules add what needs a script, each on the elements it finds, so a page
 * without such an element costs nothing. Nothing here imports React: it is every public page's
 * whole first-load JavaScript (decision 0009's budget), and ESLint keeps it that way.
 */
import { enhanceAccordions } from "./accordion";
import { enhanceCopyLinks } from "./copy-link";
import { enhanceDrawers } from "./drawer";
import { recordFirstTouchOnLeave } from "./first-touch";
import { enhanceFormGuards } from "./form-guard";
import { enhanceForms } from "./forms";
import { enhanceNavMenus } from "./nav";
import { enhancePageLoading } from "./page-loading";
import { enhanceSavingsCalculators } from "./savings-calculator";
import { enhanceToaster } from "./toaster";
import { dataAttr } from "./data-attributes";
import { countVisit } from "./visit-count";

const enhancements: Array<[name: string, run: () => void]> = [
  // Where this visit began, for the public forms (common/attribution.ts).
  ["first touch", recordFirstTouchOnLeave],
  ["page loading", enhancePageLoading],
  ["form guards", enhanceFormGuards],
  ["navigation menus", enhanceNavMenus],
  ["phone drawer", enhanceDrawers],
  ["toaster", enhanceToaster],
  ["copy link", enhanceCopyLinks],
  ["accordions", enhanceAccordions],
  ["savings calculator", enhanceSavingsCalculators],
  ["forms", enhanceForms],
  // The cookieless visitor count (decision 0044), last: nothing above waits for it.
  ["visit count", countVisit],
];

for (const [name, run] of enhancements) {
  try {
    run();
  } catch (error) {
    // One broken enhancement leaves the others (and the plain HTML page) working.
    console.error(`site scripts: ${name} failed`, error);
  }
}

// Tests (and nothing else) wait for this before they use a menu.
document.documentElement.setAttribute(dataAttr.enhanced, "");
