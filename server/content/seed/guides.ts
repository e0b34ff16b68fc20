import type { ArticleInput } from "@common/content";

/**
 * The help guides the site launches with. Guides whose sections read "Step N: ..." are
 * published as HowTo structured data. The seed only inserts slugs that are missing.
 */
export const guideSeed: ArticleInput[] = [
  {
    slug: "setting-up-a-card-terminal",
    title: "How to set up a countertop card terminal",
    excerpt:
      "Unbox, connect, test and go live with a countertop terminal in under an hour, and avoid the settings that cause problems later.",
    category: "Getting started",
    tags: ["terminal", "equipment", "setup"],
    authorName: "The Meritum team",
    status: "published",
    publishedAt: "2025-01-21T16:00:00.000Z",
    sortOrder: 10,
    seoTitle: "How to Set Up a Countertop Credit Card Terminal",
    seoDescription:
      "Step-by-step setup for a countertop card terminal: connecting it, testing a sale, tips, receipts and closing your first batch.",
    body: `This guide covers a typical countertop terminal that connects over Ethernet or Wi-Fi. Your model's menus will differ a little, but the order of the steps is the same. Allow 30 to 60 minutes, and do it before the day you need it.

## Before you start

- Your merchant account approval email with your merchant ID (MID) and terminal ID (TID).
- A power outlet and, ideally, an Ethernet port near the counter. Wired connections are more reliable than Wi-Fi.
- Your Wi-Fi name and password if you will use wireless.
- A card of your own for a test sale and refund.

## Step 1: Check the device

Before plugging anything in, check the box seal and the device itself: the card slot, the keypad and the cables should show no signs of tampering. Note the serial number on the back of the terminal; keep it with your business records.

## Step 2: Connect power and network

Plug in the power supply and the Ethernet cable, or choose Wi-Fi in the network settings and enter your password. Use a network that is separate from customer guest Wi-Fi. The terminal should show a connected status or an IP address.

## Step 3: Download your settings

Most terminals arrive "shell" configured and download your account settings the first time they connect. Follow the on-screen prompt to download parameters, or call us and we will push them remotely. When it finishes, the terminal shows your business name on the idle screen.

## Step 4: Set the options you need

Go through these before your first customer:

- **Tip prompts**, if you accept tips, with the suggested percentages you want.
- **Receipt header** with your business name, city and phone number, which helps customers recognise the charge later.
- **Manager password** for refunds and voids. Change it from the default.
- **Automatic batch close** at a time after your last sale of the day.
- **Contactless acceptance** turned on.

## Step 5: Run a test sale and a refund

Run a small sale, for example $1.00, with your own card by tapping, then another by inserting the chip. Refund one of them. Check that the receipt prints correctly and that the tip prompt appears if you set one.

## Step 6: Close the batch and confirm funding

Close the batch manually the first day and check that the total matches your test sales. Within one or two business days, the net amount should appear in your bank account. If it does not, call us before you start taking customer payments in volume.

## Troubleshooting

- **"No connection" or "host unreachable":** restart the router and the terminal, then check the cable or Wi-Fi password.
- **Card declined on every test:** the terminal parameters may not have downloaded; repeat Step 3.
- **Receipts print blank:** the thermal paper roll is in backwards. Turn it so the shiny side faces the print head.
`,
  },
  {
    slug: "accepting-payments-on-your-phone",
    title: "How to accept card payments on your phone",
    excerpt:
      "Take chip, tap and wallet payments on a smartphone for deliveries, service calls, markets and pop-ups, with or without a card reader.",
    category: "Getting started",
    tags: ["mobile payments", "tap to pay", "smartphone"],
    authorName: "The Meritum team",
    status: "published",
    publishedAt: "2025-05-13T16:00:00.000Z",
    sortOrder: 20,
    seoTitle: "How to Accept Credit Card Payments on Your Phone",
    seoDescription:
      "Set up mobile card acceptance on an iPhone or Android phone: choosing Tap to Pay or a card reader, configuring the app and taking your first payment.",
    body: `A phone can be a complete card terminal. It suits businesses that go to the customer (contractors, mobile groomers, delivery, farmers markets) and works as a backup at the counter.

## Choose how the phone will read cards

- **Tap to Pay on the phone itself.** Supported iPhones and NFC-equipped Android phones can accept contactless cards and mobile wallets with no extra hardware. Chip-only and swipe-only cards cannot be read this way.
- **A small Bluetooth card reader.** Accepts chip, tap and, on some models, swipe. Costs a modest one-time amount and covers every card a customer might hand you.

Many merchants use Tap to Pay day to day and keep a reader in the vehicle for the occasional card without contactless.

## Step 1: Install the payment app and sign in

Install the app your merchant account uses and sign in with the credentials from your welcome email. Give every employee their own login so refunds and sales can be traced.

## Step 2: Turn on security on the phone

Set a strong passcode and biometric unlock, keep the operating system updated, and install the payment app only from the official app store. Do not use a phone that has been jailbroken or rooted; payment apps refuse to run on them for good reason.

## Step 3: Connect a reader or enable Tap to Pay

For a reader, turn on Bluetooth, charge the reader fully, and pair it from inside the payment app, not from the phone's Bluetooth menu. For Tap to Pay, enable it in the app's settings and follow the one-time setup prompts.

## Step 4: Configure items, tax and tips

Add your common items or services and prices, set your sales tax rate if you charge it, and choose tip suggestions if you accept tips. Set up receipt options: text or email receipts with your business name and phone number.

## Step 5: Take a test payment

Charge yourself $1.00 and refund it. Check the receipt arrives and the transaction shows in your online reporting.

## Working without a signal

Some apps can store payments while offline and send them when the phone reconnects. Stored payments are not approved until then, so a card may later decline and you carry that risk. Use offline mode only for small amounts and only when you must; a mobile hotspot is usually the better fix.

## Good habits in the field

- Hand the customer the phone or reader; never take their card out of sight.
- Keep the reader charged and a charging cable in the vehicle.
- Close out the day in the app so deposits arrive on schedule.
`,
  },
  {
    slug: "choosing-an-online-payment-gateway",
    title: "Choosing an online payment gateway",
    excerpt:
      "What a payment gateway does, the features that matter for your website or invoices, and the questions to ask before you connect one.",
    category: "Online payments",
    tags: ["gateway", "ecommerce", "online payments", "pci"],
    authorName: "Mark Ellison",
    status: "published",
    publishedAt: "2025-03-18T16:00:00.000Z",
    sortOrder: 30,
    seoTitle: "How to Choose an Online Payment Gateway for Your Business",
    seoDescription:
      "Compare online payment gateways by integrations, hosted payment pages, recurring billing, fraud tools, PCI scope and fees.",
    body: `A payment gateway is the service that carries an online payment from your website, invoice or virtual terminal to your processor, and brings the answer back. It is the online equivalent of the card terminal on your counter. Most gateways can connect to most merchant accounts, so you can choose the gateway for its features and the merchant account for its pricing.

## Start with how you sell

Write down every way you take payments that is not in person:

- A shopping cart on your website (which platform?)
- Invoices sent by email
- Card payments taken over the phone
- Recurring billing for memberships or service plans
- Payments in a custom app or customer portal

The right gateway supports all of them without workarounds.

## Features that matter

**Integrations.** Check that the gateway has a maintained plugin for your e-commerce platform, accounting software or practice-management system. An unmaintained plugin is a security risk and a source of failed payments.

**Hosted payment pages or hosted fields.** With these, card numbers are typed into the gateway's own page or fields, never into your website. That keeps most of your site out of PCI scope and usually qualifies you for the shortest questionnaire, SAQ A.

**Virtual terminal.** A secure web page for keying phone or mail orders. Remember that keyed transactions cost more than card-present ones.

**Customer vault and recurring billing.** The gateway stores the card as a token so you can bill memberships or returning customers without keeping card data yourself. Look for automatic card updating, which replaces expired cards before a renewal fails.

**Fraud tools.** Address verification (AVS), card security code (CVV) checks, velocity limits and 3-D Secure. You should be able to set rules, such as declining when the security code does not match.

**Reporting.** Settled batch reports that match your bank deposits, and exports your bookkeeper can use.

## Questions to ask

1. What are the gateway's own fees: monthly, per transaction, and for add-ons like the vault or fraud tools?
2. Does it work with my merchant account, and what happens if I change processors later? Can I take my stored card tokens with me?
3. Which PCI questionnaire will my setup need?
4. How are outages communicated, and what is the support process at 8 p.m. on a Friday?
5. Is there a test (sandbox) account to try before going live?

## Going live

Test in the sandbox with the gateway's test card numbers, including a decline and a refund. Then run one small live transaction with your own card, refund it, and check it appears in your settlement report and your bank deposit. Only then switch your website or invoices over.
`,
  },
  {
    slug: "reconciling-card-deposits",
    title: "How to reconcile card deposits with your sales",
    excerpt:
      "Match what your terminal says you sold with what reached the bank: batches, fees, refunds, chargebacks and the timing that makes them differ.",
    category: "Day-to-day operations",
    tags: ["deposits", "reconciliation", "bookkeeping", "statements"],
    authorName: "The Meritum team",
    status: "published",
    publishedAt: "2025-08-05T16:00:00.000Z",
    sortOrder: 40,
    seoTitle: "How to Reconcile Credit Card Deposits With Sales",
    seoDescription:
      "A weekly routine to match card batches to bank deposits, explain the differences, and catch missing funds or unexpected fees early.",
    body: `Card sales and bank deposits never match line for line, and that is normal. Deposits are grouped by batch, arrive a day or two later, and may have fees, refunds or chargebacks taken out. Reconciling means explaining every difference. Done weekly, it takes fifteen minutes and catches problems while they are still easy to fix.

## What you need

- Your batch or settlement report from the terminal, point of sale or gateway.
- Your bank statement or online banking for the same period.
- Your processor's online reporting, for fees, chargebacks and adjustments.
- Whether you are on daily or monthly fee billing (gross or net funding).

## Step 1: List each batch

For each business day, note the batch date, the batch total, and the card types in it. If you close batches automatically, check that there is exactly one per day. A missing batch often means a terminal that did not settle.

## Step 2: Match batches to deposits

Find the deposit for each batch. Most arrive one or two business days after the batch closes; weekend batches often arrive together on Monday or Tuesday. American Express may deposit separately if you have a direct Amex agreement.

## Step 3: Explain the differences

For each batch whose deposit does not equal the batch total, the difference should be one of:

- **Daily fees,** if you are on net funding. They should be roughly your effective rate times the batch.
- **Refunds** processed that day.
- **Chargebacks or reversals,** which usually appear as separate debits.
- **Reserves or holds,** if your account has one.

Anything you cannot explain goes on a list for your processor.

## Step 4: Check the month-end fee debit

If you are on gross funding, one debit near the start of the month takes all of the previous month's fees. Compare it with the total fees on your statement and with last month.

## Step 5: Record it in your books

Record gross sales as income and processing fees as an expense, rather than recording only the net deposit. Your accounting then shows your real revenue and what processing costs you, and your sales tax reports match your sales.

## When something is missing

A deposit more than three business days late, a batch that never settled, or a debit you do not recognise: contact your processor with the date, the batch number and the amount. The sooner you ask, the easier it is to trace.
`,
  },
  {
    slug: "preparing-for-a-rate-review",
    title: "How to prepare for a processing rate review",
    excerpt:
      "Gather the right statements, know your effective rate and card mix, and ask the questions that turn a rate review into real savings.",
    category: "Pricing and savings",
    tags: ["rate review", "pricing", "effective rate", "statements"],
    authorName: "Mark Ellison",
    status: "published",
    publishedAt: "2025-10-14T16:00:00.000Z",
    sortOrder: 50,
    seoTitle: "How to Prepare for a Credit Card Processing Rate Review",
    seoDescription:
      "What to gather before reviewing your card processing rates, how to calculate your effective rate, and the questions that lead to lower fees.",
    body: `Processing costs drift. Markups rise with a line on a statement, new fees appear, and your business changes: more online sales, a new location, larger tickets. A rate review once a year, or whenever your effective rate climbs, keeps you paying a fair price. Preparation makes the review quick and the comparison honest.

## Step 1: Gather three recent statements

Download the last three full monthly statements, including every page. Three months smooths out seasonal swings; if your business is very seasonal, add the same month from last year.

## Step 2: Find your merchant agreement

Locate the agreement and the fee schedule you signed. You will need the pricing model, the markup, the term, the renewal date and the early termination terms. If you cannot find them, ask your provider for a copy.

## Step 3: Calculate your effective rate

For each statement, divide total fees by total card volume. Write down all three. If they are rising while your volume is steady, something changed in your pricing.

## Step 4: Know your card mix and how you take cards

From the statement summary, note roughly what share of your volume is debit, credit, business cards and American Express, and how much is card-present versus keyed or online. These drive your underlying cost more than anything else and let a reviewer see whether your pricing model suits you.

## Step 5: List the fees you cannot explain

Go through the account fee section and mark every line you do not recognise or did not agree to. Common finds: PCI non-compliance fees, annual fees, marked-up network fees and non-qualified surcharges.

## Step 6: Ask the right questions

Whether you are reviewing with your current provider or comparing a new one:

1. What is my markup over interchange, as a percentage and per transaction?
2. Which monthly, annual and per-batch fees will I pay?
3. Can you price my actual statements, with all fees included, and show the new effective rate?
4. Is there a term, an auto-renewal or an early termination fee?
5. Will my current equipment work, or do I need new equipment, and what does it cost?

## What a good outcome looks like

A clear written quote in the same format as your statement, a lower effective rate on your real volume, and no new contract traps. Sometimes the best outcome is confirmation that your pricing is already fair. That is worth knowing too, and it is what an honest review will tell you.
`,
  },
  {
    slug: "switching-processors-without-downtime",
    title: "How to switch payment processors without downtime",
    excerpt:
      "Plan the move so you never miss a sale: overlap accounts, move online payments and stored cards carefully, and cancel the old account only at the end.",
    category: "Pricing and savings",
    tags: ["switching", "processors", "migration", "equipment"],
    authorName: "Mark Ellison",
    status: "published",
    publishedAt: "2026-01-20T16:00:00.000Z",
    sortOrder: 60,
    seoTitle: "How to Switch Credit Card Processors Without Downtime",
    seoDescription:
      "A step-by-step plan to change merchant processors without missing a sale: approval, equipment, online payments, stored cards, recurring billing and cancelling the old account.",
    body: `Switching processors feels risky because payments are the one thing a business cannot be without. It does not have to be. The rule that makes it safe is simple: **run the new account alongside the old one, and cancel the old account last.**

## Step 1: Check your current agreement

Before anything else, find your renewal date, the notice you must give, and any early termination fee or equipment lease. This decides your timeline and tells you what leaving costs. If the fee is large and the renewal window is close, it may pay to wait a few weeks.

## Step 2: Get the new account approved

Apply for the new merchant account and wait for approval and your new merchant ID. Do not cancel anything yet. Approval usually takes a few business days; have your business documents and a voided check or bank letter ready.

## Step 3: Plan equipment

Ask whether your current terminals can be reprogrammed for the new processor. Many can; some are locked to one provider. If you need new devices, have them delivered, set up and tested before the changeover date, and keep the old terminals connected until then.

## Step 4: Move in-person payments

Choose a quiet day, early in the week. Set up the new terminal next to the old one, run a test sale and refund, and close a test batch. Then start taking customer payments on the new device. Close the final batch on the old terminal the same day so nothing is left unsettled.

## Step 5: Move online payments and invoices

Connect your website, invoicing or booking software to the new gateway using its sandbox first, then with a small live transaction. Switch the live site over at a low-traffic time and watch the first orders come through.

## Step 6: Move stored cards and recurring billing

This is the step that needs the most care. Card numbers stored as tokens at your old gateway cannot be copied by you. Ask the old provider for a secure card data migration to the new provider's vault; reputable providers support this between PCI-compliant parties. If a transfer is not possible, plan how customers will re-enter their cards, and do it before their next billing date.

## Step 7: Watch the first deposits

For the first week, match every batch on the new account to a deposit. Confirm the funding time and that fees match your quote.

## Step 8: Cancel the old account in writing

Once the new account has funded correctly for at least a week and no payments are still running through the old one, send written cancellation as your agreement requires and keep proof. Leave the old bank account linked until any final chargebacks or fees have posted, then return or dispose of old equipment as the agreement says; terminals may need to be wiped.

## A simple timeline

- Week 1: review agreement, apply, receive approval.
- Week 2: equipment and gateway set up and tested side by side.
- Changeover day: in-person and online payments move.
- Week 3: confirm deposits, migrate stored cards, cancel the old account.

We handle most of these steps for merchants who move to Meritum, including terminal setup and coordinating card data transfers, so the changeover happens on a day of your choosing.
`,
  },
];
