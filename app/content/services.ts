import { CreditCard, Globe, Smartphone, type LucideIcon } from "lucide-react";

/** The three offerings, as the home page, the services overview and the nav describe them. */
export interface ServiceSummary {
  slug: "merchant-accounts" | "mobile-payments" | "online-gateways";
  path: string;
  name: string;
  icon: LucideIcon;
  summary: string;
  bestFor: string;
  highlights: string[];
}

export const services: ServiceSummary[] = [
  {
    slug: "merchant-accounts",
    path: "/services/merchant-accounts",
    name: "Small Business Merchant Accounts",
    icon: CreditCard,
    summary:
      "The account that lets you accept Visa, Mastercard, Discover and American Express and deposits the money in your bank, usually the next business day.",
    bestFor: "Storefronts, restaurants, offices and service counters",
    highlights: ["Interchange-plus pricing", "Next-day funding", "EMV and tap-to-pay terminals"],
  },
  {
    slug: "mobile-payments",
    path: "/services/mobile-payments",
    name: "Mobile Payment Options",
    icon: Smartphone,
    summary:
      "Card readers that pair with your phone, tap to pay on the phone itself, and payment links you can text, for businesses that get paid away from a counter.",
    bestFor: "Contractors, food trucks, markets, delivery and home services",
    highlights: ["Tap, chip and swipe on the go", "Text-to-pay and invoices", "Same pricing as your counter"],
  },
  {
    slug: "online-gateways",
    path: "/services/online-gateways",
    name: "Online Payment Gateways",
    icon: Globe,
    summary:
      "A secure connection between your website, shopping cart or billing software and your merchant account, with saved cards, recurring billing and fraud screening.",
    bestFor: "Online stores, subscriptions, invoicing and bill pay",
    highlights: ["Plug-ins for popular carts", "Recurring billing and card vault", "Fraud rules you control"],
  },
];
