import { Nfc, Receipt, Send, Smartphone, Users, WifiOff } from "lucide-react";
import { ServicePage, type ServicePageContent } from "~/components/site/service-page";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/services.mobile-payments";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Mobile Payment Options",
    description:
      "Take cards anywhere with {companyName}'s mobile payment options: phone card readers, tap to pay on your phone and text-to-pay links, at the same transparent pricing as your counter.",
  });

const content: ServicePageContent = {
  slug: "mobile-payments",
  title: "Mobile payment options",
  serviceType: "Mobile card acceptance",
  intro:
    "Get paid at the job site, the farmers market or the customer's front door: card readers that pair with your phone, tap to pay on the phone itself, and payment links you can text.",
  whatItIs: (
    <>
      <p>
        Mobile payments are card acceptance without a counter. A pocket-sized reader connects to your phone or tablet
        over Bluetooth, or your phone itself accepts contactless cards and wallets. The sale is encrypted at the reader
        and lands in the same merchant account, and the same deposit, as the rest of your business.
      </p>
      <p>
        For customers who aren&apos;t in front of you, you can text or e-mail a secure payment link from the app. They
        pay on their own phone; you see the payment the moment it clears.
      </p>
    </>
  ),
  whoItFits: [
    "Plumbers, electricians, landscapers and other trades that finish the job on site",
    "Food trucks, farmers market stands and event vendors",
    "Delivery, mobile grooming, detailing and in-home services",
    "Storefront businesses that also sell at fairs, pop-ups or on the sidewalk",
  ],
  features: [
    {
      icon: Nfc,
      title: "Tap, chip and swipe",
      text: "Readers that take contactless cards, Apple Pay, Google Pay and chip cards, with a swipe slot for the odd old card.",
    },
    {
      icon: Smartphone,
      title: "Tap to pay on your phone",
      text: "On supported iPhone and Android phones, accept contactless payments with no extra hardware at all.",
    },
    {
      icon: Send,
      title: "Text-to-pay and invoices",
      text: "Send a secure payment link by text or e-mail and get paid before you leave the driveway, or before the customer arrives.",
    },
    {
      icon: WifiOff,
      title: "Works where signal is weak",
      text: "Store-and-forward mode holds approved-later sales when coverage drops and sends them when you are back online.",
    },
    {
      icon: Receipt,
      title: "Receipts and tips",
      text: "Tip prompts on screen, and receipts by text or e-mail with your business name and logo.",
    },
    {
      icon: Users,
      title: "Several people, one account",
      text: "Give each crew member or truck their own login and device, and see every sale in one report and one deposit.",
    },
  ],
  pricingNote: (
    <p>
      Mobile sales are priced exactly like counter sales: a tapped or dipped card in the field gets the same low
      in-person interchange. Keyed-in cards and payment links cost a little more because the card networks charge more
      when the card isn&apos;t present, and your statement shows that difference instead of hiding it in a higher flat
      rate.
    </p>
  ),
  faqs: [
    {
      question: "Do I need to buy a card reader?",
      answer:
        "Not always. Many recent phones can accept contactless cards with no reader. For chip cards and for the fastest checkout, we recommend a small Bluetooth reader, which we can supply at cost or help you choose.",
    },
    {
      question: "What happens if I lose cell signal during a sale?",
      answer:
        "With store-and-forward turned on, the reader stores the sale securely and submits it when the connection returns. There is a small risk the card is later declined, so we help you set a sensible limit for offline sales.",
    },
    {
      question: "Are mobile payments secure?",
      answer:
        "Yes. Card data is encrypted inside the reader before it reaches your phone, so the phone never holds the card number. Tap-to-pay uses the same one-time codes as a phone wallet.",
    },
    {
      question: "Can my employees take payments on their own phones?",
      answer:
        "Yes. Each employee gets their own login with only the permissions you choose, such as taking payments without issuing refunds, and every sale shows who took it.",
    },
    {
      question: "Do mobile sales go into the same deposit as my store sales?",
      answer:
        "Yes. Mobile, counter and online sales all settle to the same merchant account, so you get one deposit a day and one statement a month.",
    },
  ],
};

export default function Page() {
  return <ServicePage content={content} />;
}
