import { Link, Outlet } from "react-router";
import { Logo } from "~/components/site/logo";
import { useRootData } from "~/lib/site";

/** Sign-in and password pages: a focused card without the marketing navigation. */
export default function AuthLayout() {
  const { settings } = useRootData();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="px-4 py-6 sm:px-6">
        <Link to="/" className="text-brand-900" aria-label={`${settings.companyName} home`}>
          <Logo name={settings.companyName} />
        </Link>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-16 pt-6">
        <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
