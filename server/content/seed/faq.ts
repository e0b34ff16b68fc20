import type { FaqInput } from "@common/content";

/**
 * The FAQ items the site launches with, most-asked first within each category (the
 * lowest sort orders also feed "popular questions" on the resources overview).
 */
export const faqSeed: FaqInput[] = [
  // Pricing and fees
  {
    slug: "what-is-interchange",
    question: "What is interchange?",
    category: "Pricing and fees",
    sortOrder: 10,
    published: true,
    answer:
      "Interchange is the fee paid to the bank that issued your customer's card on every card transaction. The card networks set it, and it depends on the card type (debit, rewards, business), how the card was taken (chip, tap, keyed, online) and your type of business. It is the largest part of what card acceptance costs, and it is the same whichever processor you use. What differs between processors is the markup added on top. See [our pricing article](/resources/blog/interchange-plus-vs-tiered-vs-flat-rate-pricing) for how it shows up in each pricing model.",
  },
  {
    slug: "what-is-an-effective-rate",
    question: "What is my effective rate and how do I calculate it?",
    category: "Pricing and fees",
    sortOrder: 11,
    published: true,
    answer:
      "Your effective rate is the total you paid in processing fees for a month divided by your total card volume for that month. For example, $1,140 in fees on $48,000 of sales is an effective rate of 2.38%. It is the one number that lets you compare months and compare providers regardless of pricing model.",
  },
  {
    slug: "do-you-charge-monthly-fees",
    question: "Do you charge monthly or annual fees?",
    category: "Pricing and fees",
    sortOrder: 12,
    published: true,
    answer:
      'Every fee we charge is listed in your quote before you sign, and we do not add annual, "regulatory" or PCI non-compliance surprise fees. Depending on your setup there may be a monthly account or gateway fee; your free analysis shows it alongside the rate so you can compare the full cost.',
  },
  {
    slug: "can-i-pass-card-fees-to-customers",
    question: "Can I pass card fees on to my customers?",
    category: "Pricing and fees",
    sortOrder: 13,
    published: true,
    answer:
      "Often, but with rules. Surcharging credit cards is allowed in most U.S. states if you register with the card brands, disclose it at the entrance and at checkout, cap it at your cost (and never above the brands' maximum), and never surcharge debit cards, including when they are run as credit. A few states restrict or prohibit surcharges. Offering a cash discount is another route with its own requirements. Talk to us before you start so your setup follows the rules for your state.",
  },
  // Contracts and accounts
  {
    slug: "is-there-a-contract-or-cancellation-fee",
    question: "Is there a long-term contract or an early cancellation fee?",
    category: "Contracts and accounts",
    sortOrder: 20,
    published: true,
    answer:
      "We do not use liquidated damages clauses, and we tell you in writing before you sign exactly what, if anything, leaving early would cost. Read more about what to look for in any processor's agreement in [Hidden fees and early-termination clauses](/resources/blog/hidden-fees-and-early-termination-clauses).",
  },
  {
    slug: "how-long-does-approval-take",
    question: "How long does it take to get a merchant account approved?",
    category: "Contracts and accounts",
    sortOrder: 21,
    published: true,
    answer:
      "Most applications are approved within one to three business days once we have everything we need: business details, owner identification, a voided check or bank letter for deposits, and for some businesses recent processing statements or financials. Higher-risk industries or very large volumes can take longer.",
  },
  {
    slug: "what-do-i-need-to-apply",
    question: "What information do I need to apply?",
    category: "Contracts and accounts",
    sortOrder: 22,
    published: true,
    answer:
      "Your business's legal name, address and tax ID (EIN, or SSN for sole proprietors), the owners' names and dates of birth, your bank account for deposits, a description of what you sell, your expected monthly card volume and average sale, and, if you process cards today, your last three statements. We walk you through the application by phone if you prefer.",
  },
  // Funding and deposits
  {
    slug: "when-will-i-receive-my-deposits",
    question: "When will I receive my deposits?",
    category: "Funding and deposits",
    sortOrder: 30,
    published: true,
    answer:
      "Batches closed before the daily cut-off are usually deposited the next business day. Weekend and holiday batches arrive on the next business day after that. American Express may fund separately if you have a direct agreement with them.",
  },
  {
    slug: "why-doesnt-my-deposit-match-my-sales",
    question: "Why doesn't my deposit match my sales for the day?",
    category: "Funding and deposits",
    sortOrder: 31,
    published: true,
    answer:
      "Deposits are grouped by batch rather than by calendar day, and may have daily fees, refunds or chargebacks taken out. Weekend batches often arrive together. Our guide to [reconciling card deposits](/resources/guides/reconciling-card-deposits) walks through matching them step by step.",
  },
  {
    slug: "what-is-a-reserve",
    question: "What is a reserve, and will my account have one?",
    category: "Funding and deposits",
    sortOrder: 32,
    published: true,
    answer:
      "A reserve is a portion of deposits held back to cover future refunds or chargebacks. It is used for businesses that take payment long before delivering, such as event tickets or custom orders, or that have a history of high disputes. Most small retail and service businesses have no reserve. If yours would, we tell you before approval, not after.",
  },
  // Equipment and software
  {
    slug: "can-i-keep-my-current-terminal",
    question: "Can I keep my current terminal when I switch?",
    category: "Equipment and software",
    sortOrder: 40,
    published: true,
    answer:
      "Often, yes. Many terminals can be reprogrammed for a new processor. Some are locked to their original provider, and leased terminals remain under the lease regardless. Tell us the make and model and we will check before you decide.",
  },
  {
    slug: "do-you-support-apple-pay-and-google-pay",
    question: "Can I accept Apple Pay, Google Pay and tap-to-pay cards?",
    category: "Equipment and software",
    sortOrder: 41,
    published: true,
    answer:
      "Yes. Any NFC-capable terminal we supply accepts contactless cards and mobile wallets such as Apple Pay, Google Pay and Samsung Wallet, and supported phones can accept them directly with Tap to Pay. They are card-present transactions, usually priced like a chip card.",
  },
  {
    slug: "does-it-work-with-my-website",
    question: "Will it work with my website or online store?",
    category: "Equipment and software",
    sortOrder: 42,
    published: true,
    answer:
      "Our gateways connect to the common e-commerce platforms, invoicing tools and many industry systems, and offer hosted payment pages for custom sites. Tell us what your website runs on and we will confirm the integration. Our guide to [choosing an online payment gateway](/resources/guides/choosing-an-online-payment-gateway) covers what to look for.",
  },
  // Security and disputes
  {
    slug: "do-i-need-to-be-pci-compliant",
    question: "Do I need to be PCI compliant?",
    category: "Security and disputes",
    sortOrder: 50,
    published: true,
    answer:
      "Yes. Every business that accepts cards must follow the PCI Data Security Standard. For most small merchants that means completing a short self-assessment questionnaire once a year and keeping card data off their own systems. We help you pick the right questionnaire and complete it. Read [PCI compliance for small businesses](/resources/blog/pci-compliance-for-small-businesses) for the details.",
  },
  {
    slug: "what-happens-when-a-customer-disputes-a-charge",
    question: "What happens when a customer disputes a charge?",
    category: "Security and disputes",
    sortOrder: 51,
    published: true,
    answer:
      "The customer's bank reverses the payment and we notify you with the reason and the deadline to respond. You can accept the dispute or send evidence such as receipts, delivery tracking or signed agreements, and we submit it for you. Respond quickly: deadlines are short. Our article on [avoiding chargebacks](/resources/blog/how-to-avoid-chargebacks) covers prevention.",
  },
  {
    slug: "how-do-i-spot-card-fraud",
    question: "How can I spot a fraudulent card order?",
    category: "Security and disputes",
    sortOrder: 52,
    published: true,
    answer:
      "Warning signs include billing and shipping addresses that do not match, rush shipping to a freight forwarder, several cards tried in a row, unusually large first orders, and requests to key in a card number read out over the phone for goods someone else will collect. Use address verification and security code checks, and when in doubt, call the customer back on a number you find independently.",
  },
];
