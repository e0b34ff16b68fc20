import { useEffect, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { PAGE_LOADING_DELAY_MS } from "~/enhance/page-loading";

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
