import type { SiteSettings } from "@common/settings";

/** schema.org objects for the JSON-LD on public pages. Pure: settings and site URL in, plain objects out. */

export interface Crumb {
  name: string;
  path: string;
}

export const AREA_SERVED = [
  { "@type": "AdministrativeArea", name: "East Valley, Phoenix metropolitan area, Arizona" },
  { "@type": "Country", name: "United States" },
];

function cityOf(location: string): string {
  return location.split(",")[0]!.trim();
}

/** The company as a FinancialService (a kind of Organization and LocalBusiness). */
export function organizationLd(settings: SiteSettings, siteUrl: string): Record<string, unknown> {
  return {
    "@type": "FinancialService",
    "@id": `${siteUrl}/#organization`,
    name: settings.companyName,
    legalName: settings.legalName,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/icon-512.png`,
    image: `${siteUrl}/og-default.png`,
    telephone: settings.phone,
    email: settings.email,
    description: `Merchant accounts, mobile payments and online payment gateways with interchange-plus pricing and ${settings.experience} of personal service.`,
    address: {
      "@type": "PostalAddress",
      ...(settings.streetAddress ? { streetAddress: settings.streetAddress } : {}),
      addressLocality: cityOf(settings.location),
      addressRegion: "AZ",
      postalCode: settings.postalCode || undefined,
      addressCountry: "US",
    },
    areaServed: AREA_SERVED,
    founder: { "@type": "Person", name: settings.ownerName, jobTitle: settings.ownerTitle },
    sameAs: [settings.linkedinUrl],
    contactPoint: {
      "@type": "ContactPoint",
      telephone: settings.phone,
      email: settings.email,
      contactType: "sales",
      areaServed: "US",
      availableLanguage: "English",
    },
  };
}

export function breadcrumbLd(crumbs: Crumb[], siteUrl: string): Record<string, unknown> {
  return {
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${siteUrl}${crumb.path}`,
    })),
  };
}

export function serviceLd(
  service: { name: string; description: string; path: string; serviceType: string },
  settings: SiteSettings,
  siteUrl: string,
): Record<string, unknown> {
  return {
    "@type": "Service",
    name: service.name,
    serviceType: service.serviceType,
    description: service.description,
    url: `${siteUrl}${service.path}`,
    provider: {
      "@type": "FinancialService",
      "@id": `${siteUrl}/#organization`,
      name: settings.companyName,
      telephone: settings.phone,
    },
    areaServed: AREA_SERVED,
  };
}
