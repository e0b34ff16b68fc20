import { createContext, use, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { cn } from "~/lib/utils";

/** True once the visit has moved past the page it began on (a client navigation). */
const Navigated = createContext(false);

/**
 * Around every staff screen (app/root.tsx): notes the first client navigation of the visit.
 * Above the layouts, so a move from the sign-in card into the admin area counts too.
 */
export function NavigationTracker({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [firstPath] = useState(pathname);
  const [navigated, setNavigated] = useState(false);
  if (!navigated && pathname !== firstPath) setNavigated(true);
  return <Navigated value={navigated}>{children}</Navigated>;
}

/**
 * Spec section 2 on staff screens: the page fades and slides in over 0.2 s between routes, and
 * only fades under reduced motion (the `page-enter` / `page-fade` keyframes public pages play in
 * their view transition, decision 0005). Keyed on the path, so each new page plays it; the page a
 * visit starts on is painted at once, as on public pages.
 */
export function PageTransition({ children, className }: { children: ReactNode; className?: string }) {
  const { pathname } = useLocation();
  const navigated = use(Navigated);
  return (
    <div
      key={pathname}
      data-page-transition=""
      className={cn(className, navigated && "animate-page-enter motion-reduce:animate-page-fade")}
    >
      {children}
    </div>
  );
}
