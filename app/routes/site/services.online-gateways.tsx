import { KeyRound, Plug, Repeat, ShieldAlert, Send, Vault } from "lucide-react";
import { ServicePage, type ServicePageContent } from "~/components/site/service-page";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/services.online-gateways";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Online Payment Gateways",
    description:
      "Secure online payment gateways for websites, invoices and recurring billing, connected to your shopping cart, priced on interchange-plus and supported by people you can call.",
  });

const content: ServicePageContent = {
  slug: "online-gateways",
  title: "Online payment gateways",
  serviceType: "Online payment gateway",
  intro:
    "Take payments on your website, through invoices and on a schedule, with a gateway that plugs into the software you already use and fraud rules you control.",
  whatItIs: (
    <>
      <p>
        A payment gateway is the secure link between the place a customer enters their card, such as your checkout page,
        an invoice or a booking form, and your merchant account. It checks the card, asks the issuing bank for approval
        and passes the sale on for settlement, all in about two seconds.
      </p>
      <p>
        We connect the gateway to your shopping cart or billing software, set up the fraud screening and saved-card
        vault, and test a live transaction with you before your first customer does.
      </p>
    </>
  ),
  whoItFits: [
    "Online stores on Shopify, WooCommerce, BigCommerce and similar platforms",
    "Subscription, membership and payment-plan businesses",
    "Service firms that bill by invoice and want to be paid from it",
    "Developers who need a documented API and a sandbox to build against",
  ],
  features: [
    {
      icon: Plug,
      title: "Connects to your cart",
      text: "Ready-made plug-ins for popular shopping carts, booking tools and accounting software, plus an API for custom sites.",
    },
    {
      icon: Repeat,
      title: "Recurring billing",
      text: "Weekly, monthly or custom schedules for subscriptions, memberships and payment plans, with automatic retries.",
    },
    {
      icon: Vault,
      title: "Secure card vault",
      text: "Cards are stored as tokens by the gateway, so card numbers never touch your website or database.",
    },
    {
      icon: ShieldAlert,
      title: "Fraud screening you control",
      text: "Address and security-code checks, velocity limits and country filters, set to your risk rather than a generic default.",
    },
    {
      icon: Send,
      title: "Invoices and payment links",
      text: "E-mail an invoice with a pay button, or use a virtual terminal for orders taken by phone or mail.",
    },
    {
      icon: KeyRound,
      title: "Hosted payment pages",
      text: "Let the gateway host the card form on a page styled like your site, which keeps your PCI scope small.",
    },
  ],
  pricingNote: (
    <p>
      Online sales are &quot;card not present&quot;, which carries higher interchange than a tapped card at a counter.
      With interchange-plus you see that cost as it is; the gateway itself adds only the per-transaction fee shown
      below, with no separate gateway subscription on standard plans.
    </p>
  ),
  faqs: [
    {
      question: "Do I need a merchant account to use a payment gateway?",
      answer:
        "Yes. The gateway collects and authorizes the payment; the merchant account is where the money settles. We set up both together so they are matched from the start.",
    },
    {
      question: "Will the gateway work with my website platform?",
      answer:
        "Most likely. Our gateway has plug-ins for the major shopping carts and booking systems and a documented API for custom builds. Tell us your platform and we will confirm it before you sign anything.",
    },
    {
      question: "How do you help with fraud and chargebacks?",
      answer:
        "We turn on address verification and security-code checks, set limits that fit your typical order, and alert you to orders that look unusual. If a chargeback arrives, we help you gather the evidence and respond before the deadline.",
    },
    {
      question: "Can I bill customers automatically every month?",
      answer:
        "Yes. Save the customer's card with their consent, choose the amount and schedule, and the gateway charges it automatically and e-mails a receipt. Failed payments are retried and reported to you.",
    },
    {
      question: "What about PCI compliance for my website?",
      answer:
        "Using hosted payment pages or the gateway's secure fields keeps card data off your server, which reduces your PCI requirements to the shortest questionnaire. We help you complete it every year.",
    },
  ],
};

export default function Page() {
  return <ServicePage content={content} />;
}
