import { useEffect, useState } from "react";
import { useLocation, useNavigation } from "react-router";

/** Below this, a navigation finishes before a placeholder would only flash. */
export const PAGE_LOADING_DELAY_MS = 120;

/**
 * True while a client navigation to another page is loading its code or data (not while
 * a form on the current page submits or revalidates).
 */
export function usePageLoading(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  const loadingOtherPage =
    navigation.state === "loading" &&
    !navigation.formMethod &&
    (navigation.location.pathname !== location.pathname || navigation.location.search !== location.search);
  const [visible, setVisible] = useState(false);
  if (!loadingOtherPage && visible) setVisible(false);
  useEffect(() => {
    if (!loadingOtherPage) return;
    const timer = setTimeout(() => setVisible(true), PAGE_LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loadingOtherPage]);
  return loadingOtherPage && visible;
}
