import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Spec section 2: the window scrolls to the top on every route change. A change of only
 * the hash (an in-page link) is not a route change; a new page with a hash scrolls to
 * that element instead.
 */
export function ScrollToTop() {
  const { pathname, search, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new path or query is a route change
  }, [pathname, search]);
  return null;
}
