import { Mail, MapPin, Phone } from "lucide-react";
import { LinkedInIcon } from "./linkedin-icon";
import { Link } from "react-router";
import { telHref, useRootData } from "~/lib/site";
import { Logo } from "./logo";

export function SiteFooter() {
  const { settings, owner } = useRootData();
  const quickLinks = [
    { label: "Home", to: "/" },
    { label: "About Us", to: "/about" },
    { label: "Services", to: "/services" },
    { label: "Resources", to: "/resources" },
    { label: `Meet ${owner.firstName}`, to: owner.path },
    { label: "Contact", to: "/contact" },
  ];
  return (
    <footer className="mt-auto bg-brand-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-pledge">
          <Logo name={settings.companyName} className="text-white" />
          <h2 id="footer-pledge" className="mt-5 text-base font-semibold text-white">
            {`The ${settings.companyName} Pledge`}
          </h2>
          <p className="mt-2 text-sm leading-6">
            Honest, interchange-plus pricing you can read. No long-term contracts, no surprise fees, and a real person
            in {settings.location.split(",")[0]} who answers when you call. {settings.experience} of keeping merchants
            paid.
          </p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-base font-semibold text-white">
            Contact
          </h2>
          <ul className="mt-3 grid gap-3 text-sm">
            <li>
              <a href={telHref(settings.phone)} className="inline-flex items-center gap-2 hover:text-white">
                <Phone className="size-4" aria-hidden /> {settings.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${settings.email}`} className="inline-flex items-center gap-2 hover:text-white">
                <Mail className="size-4" aria-hidden /> {settings.email}
              </a>
            </li>
            <li>
              <a
                href={settings.linkedinUrl}
                rel="noopener noreferrer"
                target="_blank"
                className="inline-flex items-center gap-2 hover:text-white"
              >
                <LinkedInIcon className="size-4" aria-hidden /> LinkedIn
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </section>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-base font-semibold text-white">
            Quick Links
          </h2>
          <ul className="mt-3 grid gap-2 text-sm">
            {quickLinks.map((link) => (
              <li key={link.to + link.label}>
                <Link to={link.to} className="hover:text-white">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-location">
          <h2 id="footer-location" className="text-base font-semibold text-white">
            Location
          </h2>
          <p className="mt-3 inline-flex items-start gap-2 text-sm">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {settings.location}
              <br />
              Serving the East Valley and merchants nationwide
            </span>
          </p>
        </section>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-xs sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {settings.copyrightYear} {settings.companyName}. All rights reserved. Licensed Payment Processor.
          </p>
          <ul className="flex gap-4">
            <li>
              <Link to="/privacy-policy" className="hover:text-white">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms-of-service" className="hover:text-white">
                Terms of Service
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
