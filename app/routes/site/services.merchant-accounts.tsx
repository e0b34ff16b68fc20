import { BadgePercent, Banknote, CreditCard, FileText, Headset, ShieldCheck } from "lucide-react";
import { SavingsCalculator } from "~/components/site/savings-calculator";
import { Section } from "~/components/site/section";
import { ServicePage, type ServicePageContent } from "~/components/site/service-page";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/services.merchant-accounts";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Small Business Merchant Accounts",
    description:
      "Merchant accounts with transparent interchange-plus pricing, next-day funding and no long-term contract, set up and supported by {companyName} in {location}.",
  });

const content: ServicePageContent = {
  slug: "merchant-accounts",
  title: "Small business merchant accounts",
  serviceType: "Merchant account and card processing",
  intro:
    "Accept every major card at your counter, over the phone and online, with next-day deposits and pricing you can check against your statement line by line.",
  whatItIs: (
    <>
      <p>
        A merchant account is the agreement that lets your business accept credit and debit cards. When a customer pays,
        the sale is authorized in seconds, settled with the card networks overnight, and deposited into your business
        checking account, usually the next business day.
      </p>
      <p>
        We open the account with a sponsor bank, set it up for the way you sell (counter, phone, web or all three),
        supply or reprogram the equipment, and stay your contact afterwards. If a deposit looks short or a terminal
        stops printing, you call us, not a call center.
      </p>
    </>
  ),
  whoItFits: [
    "Storefronts, restaurants and offices that take cards in person",
    "Businesses processing from about $5,000 to several million dollars a month",
    "Owners paying a flat 2.9% or more, or who can't tell what they pay",
    "Anyone stuck in a contract with an early-termination fee: we'll help you plan the exit",
  ],
  features: [
    {
      icon: BadgePercent,
      title: "Interchange-plus pricing",
      text: "The card networks' cost passed through at cost, plus one small markup that never changes without your written agreement.",
    },
    {
      icon: Banknote,
      title: "Next-day funding",
      text: "Batches closed by the evening cut-off are deposited the next business day, with weekend batches on Monday.",
    },
    {
      icon: CreditCard,
      title: "Every way to pay",
      text: "Chip, tap, Apple Pay and Google Pay, swipe, keyed and card-on-file, including Amex and HSA/FSA cards.",
    },
    {
      icon: FileText,
      title: "Statements you can read",
      text: 'One monthly statement that lists interchange by card type, our markup, and every fee by name. No bundled "service charge".',
    },
    {
      icon: ShieldCheck,
      title: "PCI help included",
      text: "We walk you through the annual PCI questionnaire and never charge a non-compliance fee while you complete it.",
    },
    {
      icon: Headset,
      title: "Support from people you know",
      text: "Call our office during business hours and reach someone who knows your account, not a ticket queue.",
    },
  ],
  pricingNote: (
    <p>
      For a merchant account, the part you can compare between processors is the markup. Ask any provider for their
      markup over interchange in writing; if they can&apos;t give you one number, you are on a tiered or bundled plan.
    </p>
  ),
  faqs: [
    {
      question: "How long does it take to open a merchant account?",
      answer:
        "Most applications are approved in one to three business days. Once approved, we program and ship your terminal, or set up your existing equipment, so most merchants take their first card sale within a week of applying.",
    },
    {
      question: "Is there a long-term contract or an early-termination fee?",
      answer:
        "No. Our merchant agreements run month to month and you can close your account at any time without a cancellation fee. We would rather keep you with service than with a penalty clause.",
    },
    {
      question: "Can I keep my current terminal or point-of-sale system?",
      answer:
        "Often, yes. Many countertop terminals and most major point-of-sale systems can be reprogrammed for a new processor. Tell us the make and model and we will confirm before you switch, so you don't buy equipment you don't need.",
    },
    {
      question: "When will the money from card sales reach my bank account?",
      answer:
        "Batches settled before the evening cut-off are deposited the next business day. Friday, Saturday and Sunday batches arrive on Monday. Deposits show the full day's sales; fees are billed once a month, so each deposit is easy to match to the day.",
    },
    {
      question: "What do I need to apply?",
      answer:
        "Your business legal name and tax ID, a voided check or bank letter for deposits, the owner's identification, and, if you are switching, a recent processing statement. We fill in the application with you.",
    },
    {
      question: "Can I add online or mobile payments later?",
      answer:
        "Yes. An online gateway and mobile readers attach to the same merchant account, so all your card sales land in one deposit and on one statement.",
    },
  ],
};

export default function Page() {
  return (
    <ServicePage content={content}>
      <Section
        id="savings-calculator"
        eyebrow="Savings calculator"
        title="Estimate your savings in a minute"
        intro="Three numbers from your last processing statement are enough for a first estimate of what you could save with interchange-plus pricing."
        tone="tint"
      >
        <SavingsCalculator />
      </Section>
    </ServicePage>
  );
}
