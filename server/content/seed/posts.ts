import type { ArticleInput } from "@common/content";

/**
 * The blog posts the site launches with. Edited in the database afterwards; the seed only
 * inserts slugs that are missing.
 */
export const postSeed: ArticleInput[] = [
  {
    slug: "interchange-plus-vs-tiered-vs-flat-rate-pricing",
    title: "Interchange-plus vs. tiered vs. flat-rate pricing: what you actually pay",
    excerpt:
      "Three pricing models can put very different totals on the same month of card sales. Here is how each one works, who it suits, and how to compare them with one number.",
    category: "Pricing and fees",
    tags: ["pricing", "interchange", "effective rate"],
    authorName: "Mark Ellison",
    status: "published",
    publishedAt: "2025-02-11T16:00:00.000Z",
    seoTitle: "Interchange-Plus vs. Tiered vs. Flat-Rate Card Pricing Explained",
    seoDescription:
      "How interchange-plus, tiered and flat-rate credit card processing pricing work, who each suits, and how to compare them using your effective rate.",
    body: `Every card sale you take carries the same basic costs no matter who processes it. What changes from one provider to the next is how those costs are packaged and how much is added on top. The package is the pricing model, and it decides whether you can see what you are paying for.

## The cost underneath every model

When a customer pays with a card, most of the fee goes to the bank that issued the card. That share is **interchange**, and the card networks publish it in long tables: a rate that depends on the card type (debit, rewards credit, business card), how the card was taken (chip, tap, keyed, online) and your type of business. A regulated debit card from a large bank costs roughly 0.05% plus 21 cents; a premium rewards card keyed in by hand can cost well over 2.5%.

On top of interchange come **network assessments**, small percentage and per-transaction fees charged by Visa, Mastercard, Discover and American Express. Only after those does your processor add its own **markup**. Interchange and assessments are the same for every processor. The markup is the only part you can negotiate, so the question to ask of any pricing model is simple: how clearly can I see the markup?

## Flat-rate pricing

Flat-rate providers charge one rate for every card, for example a percentage in the mid-2% range plus a fixed fee per transaction, with a higher rate for keyed or online payments.

**What is good about it:** it is predictable and easy to understand. There are usually no monthly fees, which matters when you take a few hundred dollars a month.

**What it costs you:** the rate is set so that the provider earns a profit on the expensive cards, which means it charges you far more than cost on the cheap ones. A debit card that costs about a quarter in interchange on a $40 sale is billed at the same rate as a premium rewards card. If much of your volume is debit, as it is in restaurants, convenience stores and many service businesses, you pay for that simplicity on every swipe.

Flat-rate fits new businesses, seasonal sellers and anyone under a few thousand dollars a month. Past that point it is worth getting a comparison.

## Tiered pricing

Tiered pricing sorts every transaction into buckets, usually "qualified", "mid-qualified" and "non-qualified", with a rising rate for each. The quoted rate is almost always the qualified rate, and it looks low.

The catch is that the processor decides which cards fall into which bucket. Rewards cards, business cards, keyed transactions and anything settled late often land in mid- or non-qualified, where the rate can be a full percentage point higher or more. Because the buckets are the processor's own invention, two tiered quotes cannot be compared, and your costs can rise when the processor re-sorts its tiers without changing the rate you were quoted.

Tiered pricing is the model most often behind statements that nobody can explain. If you see the words "non-qualified surcharge" on a statement, you are on it.

## Interchange-plus pricing

Interchange-plus (also called cost-plus or pass-through) bills you the actual interchange and assessments for each transaction and then adds a fixed markup: a percentage, a per-transaction fee, or both, for example 0.25% plus 10 cents.

**Why it is the fairest model for most merchants:** when a cheap debit card comes through, you pay the low cost. When the networks lower a rate, the saving reaches you. And the markup is written in your agreement, so you can compare two offers by comparing two numbers.

**What to watch:** the statement is longer, because it lists interchange categories line by line. Ask for a summary page that totals interchange, assessments and processor fees separately. And make sure the markup is the whole story: some interchange-plus offers add monthly account fees, batch fees or an annual fee that belong in the comparison.

## Comparing offers with one number

Whatever model you are on, the number that matters is your **effective rate**: total processing fees for the month divided by total card volume. If you paid $1,140 in fees on $48,000 of sales, your effective rate is 2.38%.

To compare offers fairly:

1. Take two or three recent statements, not one, so a holiday month does not skew the result.
2. Calculate your current effective rate from the totals.
3. Ask each provider to price the same statements, with every monthly, annual and per-batch fee included.
4. Compare effective rates and the contract terms side by side.

A good provider will do this for you without asking you to sign anything first. It is exactly what our free statement analysis does, and if your current pricing is already fair, we will tell you so.
`,
  },
  {
    slug: "how-to-read-a-merchant-statement",
    title: "How to read a merchant statement, section by section",
    excerpt:
      "Merchant statements are long, but they follow the same structure. Learn where your volume, deposits and fees are, which lines are pass-through costs and which are markup.",
    category: "Pricing and fees",
    tags: ["statements", "fees", "effective rate"],
    authorName: "Mark Ellison",
    status: "published",
    publishedAt: "2025-04-08T16:00:00.000Z",
    seoTitle: "How to Read a Merchant Processing Statement",
    seoDescription:
      "A section-by-section guide to your credit card processing statement: summary, deposits, interchange detail, network fees and account fees, plus how to find your effective rate.",
    body: `A processing statement can run to eight pages, and most owners look at the deposit total and nothing else. That is understandable, and it is also how fee increases go unnoticed for years. Statements from different processors look different, but nearly all of them contain the same five sections. Once you know them, a statement takes ten minutes to read.

## 1. The summary

The first page usually shows the month at a glance: total card volume, number of transactions, refunds, chargebacks, total fees and the net amount deposited. Write down two numbers from it: **total volume** and **total fees**. Divide fees by volume and you have your effective rate, the one figure you can compare from month to month and between providers.

Some statements split the summary by card brand (Visa, Mastercard, Discover, American Express). That is useful for spotting a mix change, for example a jump in American Express volume, which usually costs more.

## 2. Deposits

The deposit section lists every batch you settled and the amount that reached your bank. Check two things here:

- **Gross or net funding.** If each deposit equals the batch total, your fees are billed once at month-end (gross funding, sometimes called monthly discount). If each deposit is already reduced, fees are taken daily (net funding, or daily discount). Both are legitimate, but you need to know which one you have before you try to reconcile deposits with sales.
- **Missing or late days.** A batch that appears on the statement but not in your bank account is something to ask about right away.

## 3. Interchange detail

On interchange-plus pricing, this section lists every interchange category you used that month: how many transactions, how much volume, the published rate and the cost. Names such as "Visa CPS Retail" or "MC Merit III" describe how and where the card was taken.

You do not need to check each rate. Look instead for patterns. Many transactions in categories with "keyed", "standard" or "EIRF" in the name often mean cards are being typed in rather than dipped or tapped, or that batches are settling late. Both raise your cost and both can usually be fixed.

On tiered pricing this section is replaced by qualified, mid-qualified and non-qualified totals. If a large share of your volume lands outside "qualified", your real rate is much higher than the one you were quoted.

## 4. Card network fees

Visa, Mastercard, Discover and American Express each charge small fees on every transaction: percentage assessments plus per-item fees with names like the Mastercard Network Access and Brand Usage (NABU) fee or the Visa acquirer processing fee. They are real pass-through costs and every processor pays them.

What to check: that they are listed at cost. Some providers roll network fees into a single line with a rounded-up figure, or add their own "network" or "compliance" fee that the networks never charged.

## 5. Account and service fees

This is where most of the markup hides, and where small charges add up. Common lines:

- **Monthly statement or account fee**, often $5 to $15.
- **Batch or settlement fee**, charged each time you close the day.
- **Gateway fee** for online or virtual terminal access.
- **PCI compliance or PCI non-compliance fee.** The second one is a penalty for not completing your annual questionnaire, and it is avoidable.
- **Annual or regulatory fee**, often billed once a year in a month you are not watching.
- **Monthly minimum**, charged when your processing fees fall below a set amount.
- **Chargeback and retrieval fees**, per dispute.

None of these is unusual on its own. The question is whether each one appears in your agreement and whether the total is reasonable for your volume.

## Read the messages, too

The small text box on the first or last page is where processors announce changes: a new fee, a rate increase, a change in terms "effective next month". Continuing to process is often treated as acceptance. Reading this box every month is the single best habit for keeping your costs where you agreed.

## Putting it together

A quick monthly check looks like this:

1. Effective rate: fees divided by volume. Compare with last month and the same month last year.
2. Funding method and any missing deposits.
3. Share of volume in expensive interchange categories or non-qualified tiers.
4. Any new line in the account fee section.
5. The message box.

If something does not add up, send us a statement. We will go through it line by line with you, free, whether or not you switch.
`,
  },
  {
    slug: "how-to-avoid-chargebacks",
    title: "Avoiding chargebacks: practical steps for small merchants",
    excerpt:
      "A chargeback costs the sale, the product and a fee, and too many put your account at risk. Most are preventable with clear descriptors, good records and fast refunds.",
    category: "Risk and disputes",
    tags: ["chargebacks", "disputes", "fraud"],
    authorName: "The Meritum team",
    status: "published",
    publishedAt: "2025-06-17T16:00:00.000Z",
    seoTitle: "How to Avoid Chargebacks: A Practical Guide for Small Businesses",
    seoDescription:
      "What causes credit card chargebacks, how the dispute process works, and the practical steps small merchants can take to prevent them and win the ones that happen.",
    body: `A chargeback happens when a cardholder asks their bank to reverse a payment and the bank pulls the money back from you. You lose the sale, often the goods or time as well, and your processor charges a dispute fee on top. Let the number of chargebacks climb toward about one percent of your transactions and the card networks can place you in a monitoring program with fines, or your processor can close the account.

The good news is that most chargebacks are not sophisticated fraud. They come from confusion, poor communication and avoidable processing mistakes, and those can be fixed.

## How a dispute works

1. The cardholder contacts their bank and disputes a charge. Cardholders generally have up to 120 days from the transaction, and sometimes longer for goods that were never delivered.
2. The bank reverses the payment and the dispute reaches you through your processor, with a reason code explaining the claim.
3. You can accept the chargeback or respond with evidence. This is called representment, and the deadline is short, often a couple of weeks from the notice.
4. The issuing bank reviews the evidence and decides. Some disputes go further, to pre-arbitration and arbitration, where fees become substantial.

Reason codes fall into four families: **fraud** (the cardholder says they did not make the purchase), **authorization** (the sale was not properly approved), **processing errors** (duplicate charge, wrong amount, late presentment) and **consumer disputes** (the product did not arrive, was not as described, or a cancelled service kept billing).

## Prevent the confusion disputes

A surprising share of chargebacks come from customers who simply do not recognise the charge.

- **Make your billing descriptor recognisable.** The name on the cardholder's statement should match the name on your sign and website, ideally with a phone number or city. Ask your processor what yours says today.
- **Send receipts by email or text** with your business name, what was bought and how to reach you.
- **Make contacting you easier than contacting the bank.** A phone number and email address on the receipt and the website, answered promptly, turns many would-be disputes into refund requests.

## Prevent the processing errors

- **Dip or tap cards whenever the customer is present.** Since the 2015 EMV liability shift, if a chip card is swiped or keyed on a terminal that could have read the chip, counterfeit-fraud liability generally falls on the merchant.
- **Close your batch every day.** Transactions settled late can be disputed as late presentment, and they cost more in interchange.
- **Never split one sale into several charges** to get around a decline or a limit.
- **Refund to the same card** the customer paid with, and issue refunds as refunds, not as store credit the customer did not agree to.

## Prevent the fraud disputes online and by phone

For card-not-present sales, the issuer usually sides with the cardholder on fraud claims, so prevention matters most.

- Require the card security code (CVV2) and use address verification (AVS), and decline when they clearly do not match.
- Look twice at orders with mismatched billing and shipping addresses, rush shipping to a freight forwarder, or several cards tried in a row.
- Use 3-D Secure (Visa Secure, Mastercard Identity Check) through your gateway where it is offered; authenticated transactions usually shift fraud liability to the issuer.
- Ship high-value orders with tracking and signature confirmation.

## Prevent the service disputes

- **Write a clear refund and cancellation policy** and show it before payment: at checkout, on the invoice, on the receipt.
- **For recurring billing, get explicit consent,** send a reminder before a renewal or the end of a trial, and make cancelling simple.
- **When a customer is unhappy, refund early.** A refund costs you the sale. A chargeback costs you the sale, a fee and a mark against your dispute ratio.

## When you do get one

Respond to every dispute you can support, and respond before the deadline. Good evidence is specific to the reason code: for "not received", tracking showing delivery to the billing address; for "not recognised", the signed receipt or the chip read record and any correspondence; for "cancelled recurring", the terms the customer accepted and proof that no cancellation arrived.

Keep records organised by order so you can find them in minutes, and keep a simple log of your disputes by reason code. Patterns show you where to fix the process.

If disputes are climbing and you are not sure why, call us. Reading a few months of reason codes together is often enough to find the cause.
`,
  },
  {
    slug: "pci-compliance-for-small-businesses",
    title: "PCI compliance for small businesses, without the jargon",
    excerpt:
      "If you accept cards, the PCI Data Security Standard applies to you. For most small merchants, staying compliant is an annual questionnaire and a handful of good habits.",
    category: "Security and compliance",
    tags: ["pci", "security", "data protection"],
    authorName: "The Meritum team",
    status: "published",
    publishedAt: "2025-09-09T16:00:00.000Z",
    seoTitle: "PCI Compliance for Small Businesses: What You Need to Do",
    seoDescription:
      "A plain-English guide to PCI DSS for small merchants: which self-assessment questionnaire applies, how to avoid PCI non-compliance fees, and the habits that keep card data safe.",
    body: `The Payment Card Industry Data Security Standard, PCI DSS, is the set of security rules the card brands require of every business that accepts, processes or stores card data. It is not a law, but your merchant agreement makes it a contractual obligation, and a breach at a non-compliant business can bring fines, card replacement costs and the loss of the ability to take cards at all.

For a small business the requirement is less daunting than its 300-odd pages suggest. Most merchants prove compliance by completing a yearly self-assessment questionnaire (SAQ), and the best way to make that questionnaire short is to keep card data away from your systems in the first place.

## Which questionnaire is yours?

The SAQ depends on how you take cards, not on the size of your business. The most common ones for small merchants:

- **SAQ A:** you sell online or by mail/phone and every part of card handling is outsourced to a compliant provider, for example a hosted payment page or a payment form loaded entirely from the gateway. The shortest questionnaire.
- **SAQ A-EP:** e-commerce where your website controls the payment page but passes the data straight to the processor. More requirements, because your site could be tampered with.
- **SAQ B:** standalone dial-out terminals, or imprint machines, with no electronic storage of card data.
- **SAQ B-IP:** standalone terminals that connect over the internet, validated under the PTS program and not connected to other systems.
- **SAQ C-VT:** you key transactions into a web-based virtual terminal on a computer used for nothing else.
- **SAQ P2PE:** you use a validated point-to-point encryption solution, where card data is encrypted in the terminal and cannot be read by your systems. Very short.
- **SAQ D:** everything else, including storing card numbers. Long and demanding; avoid needing it.

Your processor can tell you which SAQ matches your setup. If you use more than one way of taking cards, the requirements of each apply.

## The current version

PCI DSS version 4.0 replaced version 3.2.1 in 2024, and its remaining "future-dated" requirements became mandatory on March 31, 2025 (the text in force is version 4.0.1). For small merchants the visible changes are modest: stronger password and multi-factor authentication rules for anyone with administrative access to systems in scope, and, for e-commerce merchants, new requirements to monitor scripts on payment pages. If you completed your questionnaire years ago and just renew it, read the new version's questions rather than copying last year's answers.

## Avoiding the PCI non-compliance fee

Many processors add a monthly "PCI non-compliance" fee, often $20 to $40, until you complete your questionnaire. It is one of the most common avoidable fees we see on statements. Log in to your processor's compliance portal, answer the questionnaire, run any required quarterly network scan if your SAQ calls for one, and the fee stops. Put a reminder in your calendar for the same month next year.

## The habits that actually protect you

The questionnaire is evidence; the habits are the protection.

1. **Never write down or store full card numbers.** Not on order slips, not in spreadsheets, not in email. If a customer emails a card number, delete it and take the payment another way.
2. **Use equipment that encrypts at the point of sale.** Modern terminals with point-to-point encryption and tokenization mean your network never sees a usable card number.
3. **Change default passwords** on terminals, routers and point-of-sale software, and give every employee their own login.
4. **Keep payment devices on their own network,** separate from guest Wi-Fi and from the office computer used for email.
5. **Inspect terminals for tampering.** Check the card slot, the keypad overlay and the cables, and know how many devices you own and where they are.
6. **Keep software up to date:** point-of-sale apps, operating systems and router firmware.
7. **Limit who can issue refunds** and review refunds regularly; refund fraud is often an inside job.

## If you think something is wrong

If you suspect card data has been exposed, stop using the affected device or system, do not wipe it, and call your processor right away. Acting quickly limits the damage and is itself part of your obligations.

Compliance does not have to be a yearly scramble. Set up your equipment so card data never touches your systems, complete the short questionnaire that setup earns you, and keep the habits above. If you are unsure which SAQ applies to you or want help answering it, we are glad to walk through it with you.
`,
  },
  {
    slug: "contactless-payments-and-mobile-wallets",
    title: "Contactless cards and mobile wallets: what merchants need to know",
    excerpt:
      "Tap-to-pay is now how many customers expect to pay. How contactless and mobile wallets work, why they are secure, what they cost, and what your checkout needs.",
    category: "Payment technology",
    tags: ["contactless", "mobile wallets", "nfc", "apple pay"],
    authorName: "Mark Ellison",
    status: "published",
    publishedAt: "2025-12-02T16:00:00.000Z",
    seoTitle: "Contactless Payments and Mobile Wallets for Merchants",
    seoDescription:
      "How tap-to-pay cards, Apple Pay, Google Pay and Samsung Wallet work at the counter, why they are safer than swiping, what they cost, and how to accept them.",
    body: `Customers who tap their card or phone at one shop expect to do it at the next. Contactless is no longer a novelty in the United States: most cards issued in recent years have the contactless symbol, and phone wallets are the default payment method for many younger customers. If your terminal cannot accept a tap, some customers will notice, and a few will walk.

## How contactless works

A contactless card contains the same EMV chip as a dip card plus a small antenna. Held within a few centimetres of a terminal, it exchanges data using near-field communication (NFC). The transaction is an EMV transaction: the chip generates a one-time cryptogram for each payment, so the data a fraudster might capture cannot be replayed as a new sale.

**Mobile wallets** such as Apple Pay, Google Pay and Samsung Wallet add two further protections:

- **Tokenization.** When a customer adds a card to a phone, the network issues a device-specific token that stands in for the card number. Your terminal and your processor never see the real number, and a token stolen from one device is useless elsewhere.
- **Device authentication.** The customer unlocks the payment with Face ID, a fingerprint or a passcode. That is often a stronger check than a signature ever was.

For a merchant, this means a tapped phone payment is among the safest card-present transactions you can take.

## What it costs

A contactless or wallet payment taken in person is a card-present transaction. It generally qualifies for the same interchange rates as a dipped chip card, and there is usually no extra network fee for the wallet itself. If your provider charges you more for tapped transactions, ask why.

What changes is speed. A tap typically completes in a second or two, faster than inserting a chip card and waiting, which matters at a busy counter, a food truck window or a market booth.

## What your checkout needs

1. **An NFC-capable, EMV-certified terminal,** with the contactless symbol on the screen or reader. Most terminals sold in the last several years have it, but it may need to be enabled in the settings.
2. **Current software,** so the terminal supports the latest wallet and card specifications.
3. **The contactless symbol at the counter.** Customers look for it before they reach for a phone.
4. **Staff who know the flow:** the customer holds the card or phone near the reader until it beeps; the card stays in the customer's hand; a PIN or signature is requested only when the card issuer or the amount calls for it.

## Accepting taps on a phone

You may not need a terminal at all. Tap to Pay on iPhone and on Android lets a supported phone accept contactless cards and wallets directly with a compatible payment app, no separate reader required. It is a good fit for service calls, deliveries, markets and as a backup when the counter terminal is busy. Check that the app your processor supports handles tips, receipts and refunds the way you need.

## Common questions at the counter

- **"Is there a limit?"** U.S. networks do not set a hard cap for contactless, but issuers and terminals may ask for a PIN or signature above certain amounts. Phone wallets authenticate the customer on the device, so large purchases generally go through.
- **"Can I refund a tapped purchase?"** Yes. The customer taps the same card or phone again to receive the refund; with a wallet, the refund goes to the card behind the token.
- **"What about tips?"** Most terminals prompt for a tip before the tap. For tip-adjust workflows such as restaurants, make sure your terminal and processor support adjusting after authorization.

## Should you push customers toward tapping?

You do not need to push. Put the symbol where it can be seen, make sure the terminal is enabled, and customers will do the rest. The checkout gets faster, card data never leaves the chip or the phone, and fewer counterfeit disputes reach you.

If you are not sure your equipment accepts contactless payments, or you want a phone-based option for work away from the counter, we can check your setup and recommend what fits.
`,
  },
  {
    slug: "hidden-fees-and-early-termination-clauses",
    title: "Hidden fees and early-termination clauses: read these before you sign",
    excerpt:
      "The rate on the quote is only part of the cost. Auto-renewals, liquidated damages, equipment leases and small monthly fees decide what a processing contract really costs.",
    category: "Contracts",
    tags: ["contracts", "fees", "early termination", "equipment leases"],
    authorName: "Mark Ellison",
    status: "published",
    publishedAt: "2026-03-10T16:00:00.000Z",
    seoTitle: "Merchant Account Hidden Fees and Early Termination Clauses",
    seoDescription:
      "The merchant processing contract terms that cost small businesses the most: early termination fees, liquidated damages, auto-renewal, equipment leases and junk fees, and how to avoid them.",
    body: `When business owners call us about a processing contract, the problem is rarely the rate they were quoted. It is the fee that appeared in month four, the renewal nobody remembered agreeing to, or the terminal lease that outlives the business. These terms sit in the fine print of the merchant agreement and its attached terms and conditions, and they are easiest to deal with before you sign.

## Early termination fees

Most processing agreements run for a term, commonly one to three years. Leave early and you may owe an early termination fee (ETF). A flat fee of a few hundred dollars is common and, while unwelcome, is at least predictable.

**Liquidated damages** are the clause to look for. Instead of a flat fee, the provider may claim the processing fees it expected to earn for the rest of the term, calculated from your average monthly fees. On a three-year agreement left after one year, that can run to thousands of dollars. Ask directly: "If I close my account early, what exactly will I owe?" Get the answer in writing, and prefer agreements with no ETF or a small fixed one.

## Automatic renewal

Many agreements renew automatically for another full term, sometimes two or three years, unless you give written notice within a narrow window, for example 30 to 90 days before the anniversary. Miss the window and a new early termination fee clock starts.

- Note your contract start date and the notice window in your calendar.
- Find out how notice must be given (letter, email, a specific form) and keep proof.
- Prefer month-to-month agreements, or a term that converts to month-to-month after the first year.

## Equipment leases

A terminal lease is often signed alongside the merchant agreement but with a separate leasing company. Typical terms run 36 to 48 months and are **non-cancellable**: closing the merchant account does not end the lease, and the total payments can reach several times the price of buying the terminal outright.

Before leasing, ask for the purchase price of the same terminal, and compare. Most small merchants are better served by buying equipment or using a provider that supplies it without a lease. If a device will not work with another processor (it is "locked" or "encrypted to" one provider), factor that into the cost of ever switching.

## The small fees that add up

Individually these look harmless. Together they can double a low quoted rate on a small account.

- **Monthly statement, account or service fees.**
- **Monthly minimums:** if your processing fees fall below a set amount, you pay the difference.
- **Annual fees** billed once a year, sometimes under names like "regulatory" or "membership".
- **PCI non-compliance fees** for not completing your annual questionnaire. Avoidable by completing it.
- **Batch, gateway and per-authorization fees,** including fees charged on declined transactions.
- **Non-qualified surcharges** on tiered pricing.
- **Network fees marked up** above what the card brands actually charge.

Ask for a complete fee schedule, not a rate quote, and ask which of these fees appear on your account.

## Rate changes during the contract

Check whether the agreement lets the provider raise your markup or add new fees with notice, and how that notice is given. Often it is a one-line message on your monthly statement, and continuing to process counts as acceptance. Some agreements let you leave without penalty after a price increase; know whether yours does.

## A checklist before you sign

1. Is the pricing model written down (interchange-plus, tiered or flat) and is the markup stated?
2. What is the full list of monthly, annual and per-transaction fees?
3. How long is the term, does it renew automatically, and how do I give notice?
4. What do I owe if I leave early: a fixed fee, liquidated damages or nothing?
5. Is the equipment purchased, leased or provided, and can it be used with another processor?
6. Can the provider change pricing during the term, and what are my rights if it does?

## If you are already signed up

You are not necessarily stuck. Read your agreement for the renewal date and termination terms, calculate what leaving would actually cost, and compare it with what you would save. Sometimes the numbers favour waiting for the renewal window; sometimes paying a flat ETF pays for itself within months. We will run those numbers with you as part of a free statement analysis, and we do not use liquidated damages clauses in our own agreements.
`,
  },
];
