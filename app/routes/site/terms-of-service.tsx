import { Link } from "react-router";
import { LegalPage } from "~/components/site/legal-page";
import { seo } from "~/lib/seo";
import { telHref, useRootData } from "~/lib/site";
import type { Route } from "./+types/terms-of-service";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Terms of Service",
    description:
      "The terms for using the {companyName} website, its savings calculator and the Free Analysis, including what our estimates do and do not promise.",
  });

/** Bump with any change to the text below. */
const UPDATED = "2026-11-22";

export default function Page() {
  const { settings } = useRootData();
  const company = settings.companyName;
  return (
    <LegalPage
      title="Terms of service"
      path="/terms-of-service"
      updated={UPDATED}
      intro={
        <p>
          These terms govern your use of this website, operated by {settings.legalName} (&quot;{company}&quot;,
          &quot;we&quot;, &quot;us&quot;) from {settings.location}. By using the website you agree to them. If you do
          not agree, please do not use the site. Merchant processing services themselves are provided only under a
          separate written merchant agreement.
        </p>
      }
      sections={[
        {
          id: "the-website",
          title: "What this website is",
          body: (
            <p>
              This website describes our payment-processing services and lets you request a free analysis of your
              current processing costs. Nothing on it is an offer to open a merchant account, a credit decision or a
              binding quote. Merchant accounts are subject to approval by our sponsor bank and processing partners and
              to the terms of a merchant agreement you sign.
            </p>
          ),
        },
        {
          id: "estimates",
          title: "Estimates, the savings calculator and the Free Analysis",
          body: (
            <>
              <p>
                The savings calculator and the examples on this site use our published illustration: an average
                interchange-and-assessments rate, our markup, a per-transaction fee and a monthly fee, all shown beside
                the calculator. Real interchange depends on the cards your customers use and how they are accepted, so
                your actual costs and savings will differ.
              </p>
              <p>
                A Free Analysis is our good-faith reading of the statement or figures you give us. It is free and places
                you under no obligation. Pricing becomes binding only when it is written into a signed merchant
                agreement.
              </p>
            </>
          ),
        },
        {
          id: "your-submissions",
          title: "What you send us",
          body: (
            <>
              <p>When you submit a form or upload a statement, you confirm that:</p>
              <ul>
                <li>the information is accurate and you are authorized to share it on behalf of the business;</li>
                <li>
                  a statement you upload belongs to your business and does not show full card numbers of your customers;
                </li>
                <li>
                  you agree that we may contact you about your request by the phone number and e-mail address you gave.
                </li>
              </ul>
              <p>
                We use what you send as described in our <Link to="/privacy-policy">privacy policy</Link>, including
                deleting uploaded statements 90 days after the analysis is completed, or on request.
              </p>
            </>
          ),
        },
        {
          id: "acceptable-use",
          title: "Acceptable use",
          body: (
            <>
              <p>You agree not to:</p>
              <ul>
                <li>submit false information, someone else&apos;s statement, or files containing malware;</li>
                <li>send automated or bulk submissions, or try to get around our limits on repeated submissions;</li>
                <li>
                  probe, scan or test the security of the site, or try to reach the staff area without authorization;
                </li>
                <li>copy the site&apos;s content for commercial use without our written permission.</li>
              </ul>
              <p>We may block access or delete submissions that break these rules.</p>
            </>
          ),
        },
        {
          id: "content",
          title: "Our content",
          body: (
            <p>
              The text, graphics, logo and design of this website belong to {company} or its licensors and are protected
              by copyright and trademark law. You may view and print pages for your own business use. Card network names
              and marks, such as Visa, Mastercard, Discover and American Express, belong to their owners and are used
              only to describe the cards we help you accept.
            </p>
          ),
        },
        {
          id: "information-only",
          title: "General information, not professional advice",
          body: (
            <p>
              Articles, guides and answers on this site explain how card processing generally works. They are not legal,
              tax or accounting advice for your business. Rules of the card networks change; check current requirements
              with us or your advisers before you rely on them.
            </p>
          ),
        },
        {
          id: "links",
          title: "Links to other sites",
          body: (
            <p>
              We may link to other websites, such as card networks or software vendors. We do not control them and are
              not responsible for their content or privacy practices.
            </p>
          ),
        },
        {
          id: "disclaimers",
          title: "Disclaimers and limitation of liability",
          body: (
            <>
              <p>
                The website is provided &quot;as is&quot; and &quot;as available&quot;. We work to keep it accurate and
                online but do not promise that it is error-free or uninterrupted. To the fullest extent the law allows,{" "}
                {company} is not liable for indirect, incidental or consequential damages arising from your use of the
                website, and our total liability for any claim about the website is limited to one hundred U.S. dollars
                ($100).
              </p>
              <p>
                Nothing in these terms limits liability that cannot be limited by law, and none of it changes the terms
                of a signed merchant agreement.
              </p>
            </>
          ),
        },
        {
          id: "governing-law",
          title: "Governing law",
          body: (
            <p>
              These terms are governed by the laws of the State of Arizona and applicable U.S. federal law. Any dispute
              about the website will be heard in the state or federal courts located in Maricopa County, Arizona.
            </p>
          ),
        },
        {
          id: "changes",
          title: "Changes to these terms",
          body: (
            <p>
              We may update these terms by posting a new version on this page with a new date at the top. The version
              posted when you use the website applies to that use.
            </p>
          ),
        },
        {
          id: "contact",
          title: "Contact us",
          body: (
            <p>
              Questions about these terms: e-mail <a href={`mailto:${settings.email}`}>{settings.email}</a>, call{" "}
              <a href={telHref(settings.phone)}>{settings.phone}</a>, or write to {settings.legalName},{" "}
              {settings.location} {settings.postalCode}.
            </p>
          ),
        },
      ]}
    />
  );
}
