import { NavLink } from "react-router";
import { cn } from "~/lib/utils";

const links = [
  { to: "/resources", label: "Overview", end: true },
  { to: "/resources/blog", label: "Blog", end: false },
  { to: "/resources/guides", label: "Guides", end: false },
  { to: "/resources/faq", label: "FAQ", end: false },
  { to: "/resources/search", label: "Search", end: false },
];

/** The section navigation shared by every resources page. */
export function ResourcesNav() {
  return (
    <nav aria-label="Resources" className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-7xl gap-0.5 overflow-x-auto px-2 sm:gap-1 sm:px-6">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                cn(
                  "inline-flex h-12 items-center whitespace-nowrap border-b-2 px-2.5 text-sm sm:px-3 font-semibold transition-colors duration-200",
                  isActive
                    ? "border-brand-700 text-brand-800"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
                )
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
