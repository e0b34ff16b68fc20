import type { IndustryInput } from "@common/industry";

/** The industries the site launches with. Edited in the database afterwards; the seed only fills gaps. */
export const industrySeed: IndustryInput[] = [
  {
    slug: "restaurants",
    name: "Restaurants and Food Service",
    summary: "Fast counter service, tips on the check, split tabs and delivery orders, all settling into one deposit.",
    body:
      "Restaurants run on thin margins and long shifts. Every tenth of a percent in card fees is real money at the end of the month, and a terminal that freezes during the Friday rush costs more than any fee.\n\n" +
      "We set up restaurants with tip adjustment that posts correctly, pay-at-the-table or counter devices that survive a kitchen, and interchange-plus pricing so the savings on debit cards, which are most of a restaurant's volume, actually reach you.\n\n" +
      '## What to check on a restaurant statement\n\nLook for a "non-qualified" surcharge on tipped transactions. Some tiered plans downgrade every sale whose final amount differs from the authorization, which is every tipped check. On interchange-plus, a tip adjustment within the networks\' tolerance costs nothing extra.',
    needs: [
      "Tip adjustment after the card is run, without a second charge",
      "Splitting checks and running several cards on one ticket",
      "Reliable devices at the counter, the table and the drive-through",
      "Online and phone orders that reconcile with in-store sales",
    ],
    recommendedSetup: [
      "A merchant account on interchange-plus pricing with next-day funding",
      "Countertop or handheld terminals with tip prompts, or an integrated POS",
      "An online ordering gateway tied to the same account",
      "Batch settlement timed after close so tips are included",
    ],
  },
  {
    slug: "retail",
    name: "Retail Stores",
    summary: "Quick, contactless checkout at the register, with inventory-friendly POS options and fair debit pricing.",
    body:
      "Retail customers expect to tap and go. A modern retail setup accepts contactless cards and phone wallets, prints or texts receipts, and keeps lines moving during the holidays.\n\n" +
      "Because retail sees many small debit transactions, pricing structure matters more than the headline rate. Interchange-plus passes the lower debit costs straight through to you.\n\n" +
      "## What to check on a retail statement\n\nCompare your effective rate on debit cards with your rate on rewards credit cards. If they are the same, you are on a flat or tiered plan and paying credit-card prices for debit sales. Regulated debit interchange is a fraction of credit interchange, and that gap should show up in your costs.",
    needs: [
      "Contactless and mobile-wallet acceptance at every register",
      "A POS that tracks inventory and sales by item",
      "Handling returns and exchanges cleanly",
      "Low cost on small-ticket debit transactions",
    ],
    recommendedSetup: [
      "EMV and NFC countertop terminals or a POS with integrated processing",
      "Interchange-plus pricing so small-ticket debit savings reach you",
      "An e-commerce gateway if you also sell online",
      "Chargeback alerts and signed receipts for high-value sales",
    ],
  },
  {
    slug: "professional-services",
    name: "Professional Services",
    summary: "Invoices paid by card or ACH, card-on-file for retainers, and payment links that get you paid sooner.",
    body:
      "Accountants, attorneys, consultants and agencies mostly bill by invoice. The faster a client can pay from the invoice itself, the faster you are paid.\n\n" +
      "We set up invoicing and payment links, card-on-file for recurring retainers, and ACH for large invoices where card fees would sting. Firms that hold client funds can separate operating and trust deposits.\n\n" +
      "## What to check on a professional-services statement\n\nBusiness and corporate cards qualify for lower interchange when the invoice number and tax amount are sent with the sale (Level 2 data). Many virtual terminals leave those fields empty, so the discount is lost on every client payment.",
    needs: [
      "Payment links on invoices and in e-mail",
      "Card-on-file for retainers and recurring fees",
      "ACH or e-check for large invoices",
      "Separate deposit accounts where trust rules apply",
    ],
    recommendedSetup: [
      "A virtual terminal and online gateway with invoicing",
      "Tokenized card-on-file with customer consent",
      "ACH processing alongside cards",
      "Level 2 data for business-to-business cards to lower interchange",
    ],
  },
  {
    slug: "healthcare",
    name: "Healthcare and Dental",
    summary:
      "Co-pays at the front desk, payment plans, and HSA/FSA cards, with security that respects patient privacy.",
    body:
      "Medical, dental and therapy practices collect at check-in, after insurance adjusts, and on payment plans. Each of those moments needs a simple way to pay.\n\n" +
      "We set up front-desk terminals that accept HSA and FSA cards, secure card-on-file for balances and plans, and online bill pay so patients can settle from home. Card data stays out of your practice-management system.\n\n" +
      "## What to check on a practice statement\n\nMany practices pay a monthly fee for a payment-plan or patient-portal module they no longer use, and keyed-in cards at the front desk often cost more than they should. A terminal that reads the card, even for a stored balance, keeps those sales at the lower card-present rate.",
    needs: [
      "HSA and FSA card acceptance",
      "Payment plans and card-on-file for balances after insurance",
      "Online bill pay for statements",
      "Keeping card data out of patient records",
    ],
    recommendedSetup: [
      "EMV terminals at the front desk",
      "A gateway with recurring billing for payment plans",
      "Hosted payment pages for online bill pay",
      "Tokenization so stored cards never touch your records system",
    ],
  },
  {
    slug: "e-commerce",
    name: "E-commerce",
    summary:
      "A secure gateway for your online store, fraud tools that fit your risk, and recurring billing for subscriptions.",
    body:
      "Online sales are card-not-present, which means higher interchange and more fraud risk. The right gateway and fraud settings protect your margin without turning good customers away.\n\n" +
      "We connect your shopping cart to a gateway that supports your platform, set address and security-code checks sensibly, and add recurring billing if you sell subscriptions.\n\n" +
      "## What to check on an online store's statement\n\nSeparate gateway fees, per-transaction \"authorization\" fees and monthly minimums add up quickly on small orders. Add every fee together and divide by your sales to see your real rate, then compare it with the card-not-present interchange your customers' cards actually carry.",
    needs: [
      "A gateway that plugs into your shopping cart",
      "Fraud screening that does not block good orders",
      "Subscriptions and saved cards",
      "Chargeback handling and evidence",
    ],
    recommendedSetup: [
      "A merchant account on interchange-plus pricing",
      "A gateway with native plug-ins for your cart platform",
      "AVS and CVV rules plus velocity limits",
      "Customer vault and recurring billing for subscriptions",
    ],
  },
  {
    slug: "auto-repair",
    name: "Auto Repair and Service",
    summary: "Larger tickets, authorizations before work starts, and payments taken in the bay or at pickup.",
    body:
      "Repair shops see higher tickets than most retailers and often need to authorize a card before work begins. Customers also expect to pay by phone when the car is ready.\n\n" +
      "We set up pre-authorization and capture, terminals that work at the service desk, and text-to-pay links so customers can pay before they arrive.\n\n" +
      "## What to check on a repair shop's statement\n\nLarge tickets make percentage markups expensive: an extra half percent on a $1,200 repair is $6 on one sale. Fleet and business cards also qualify for lower rates with Level 2 data, which many shop systems don't send unless the processor sets it up.",
    needs: [
      "Pre-authorizing cards before work begins",
      "Taking payment over the phone or by text at pickup",
      "Fleet and business cards with Level 2 data",
      "Handling large tickets without declines",
    ],
    recommendedSetup: [
      "Terminals with auth-and-capture at the service desk",
      "Text-to-pay or payment links for remote customers",
      "Level 2 processing for fleet accounts",
      "Interchange-plus pricing suited to higher tickets",
    ],
  },
  {
    slug: "salons-and-spas",
    name: "Salons and Spas",
    summary: "Appointment deposits, no-show fees, tips for stylists and gift cards, handled in one place.",
    body:
      "Salons, barbershops and spas balance appointments, tips and retail products. Deposits and no-show fees protect your time; fast tipping keeps your team happy.\n\n" +
      "We set up card-on-file for deposits and no-show fees, tip prompts on the terminal, and gift cards that drive repeat visits.\n\n" +
      "## What to check on a salon statement\n\nCard-on-file charges for no-shows are card-not-present sales and cost more than a tapped card. That is fine for the occasional fee, but booking deposits run through the wrong setup can push much of your volume into the higher tier on a bundled plan.",
    needs: [
      "Deposits and no-show fees with card-on-file",
      "Tip prompts that split correctly",
      "Gift cards and packages",
      "Retail product sales alongside services",
    ],
    recommendedSetup: [
      "A terminal or POS with tipping and booking integration",
      "A gateway for online booking deposits",
      "A gift card program on the same account",
      "Next-day funding so payroll and tips line up",
    ],
  },
  {
    slug: "nonprofits",
    name: "Nonprofits and Churches",
    summary: "Online giving, recurring donations and event payments, with pricing that respects every donated dollar.",
    body:
      "Nonprofits and churches want more of every gift to reach the mission. Online giving pages, recurring donations and event check-in all need to feed one clear record of donors.\n\n" +
      "We set up donation pages and recurring giving through a secure gateway, mobile readers for events, and reporting that makes year-end giving statements simpler.\n\n" +
      "## What to check on a nonprofit statement\n\nVisa and Mastercard publish lower interchange rates for registered charities, but a flat-rate processor keeps that difference. On interchange-plus the charity rate reaches you, so more of every gift reaches the mission.",
    needs: [
      "Online and recurring donations",
      "Event and auction payments on mobile devices",
      "Donor reporting for year-end statements",
      "Keeping fees low on every gift",
    ],
    recommendedSetup: [
      "A gateway with hosted donation pages and recurring billing",
      "Mobile card readers for events",
      "Interchange-plus pricing, including charity interchange rates where eligible",
      "Exportable reports for your donor database",
    ],
  },
  {
    slug: "home-services",
    name: "Contractors and Home Services",
    summary:
      "Deposits before the job, payment on site when it's done, and invoices that customers can pay from their phone.",
    body:
      "Plumbers, electricians, HVAC companies, landscapers and cleaners get paid in driveways and kitchens, not at a counter. The faster a customer can pay when the work is done, the less time you spend chasing invoices.\n\n" +
      "We set up phone card readers and tap to pay for the crew, deposits and progress payments by payment link, and a virtual terminal in the office, all settling to one account so the books match the jobs.\n\n" +
      "## What to check on a contractor's statement\n\n" +
      "Keyed-in cards cost more than tapped or dipped ones. If your crews type card numbers into a phone because they have no reader, a small reader usually pays for itself within the first month of jobs.",
    needs: [
      "Taking payment on site, often with weak cell signal",
      "Deposits and progress payments on larger jobs",
      "Invoices customers can pay from a text message",
      "Several technicians taking payments under one account",
    ],
    recommendedSetup: [
      "Bluetooth card readers or tap to pay on each technician's phone",
      "Text-to-pay links for deposits and remote customers",
      "A virtual terminal in the office for phone payments",
      "Per-user logins so every sale shows who took it",
    ],
  },
];
