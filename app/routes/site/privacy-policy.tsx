import { Link } from "react-router";
import { LegalPage } from "~/components/site/legal-page";
import { seo } from "~/lib/seo";
import { telHref, useRootData } from "~/lib/site";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Privacy Policy",
    description:
      "How {companyName} collects, uses, protects and deletes the information you give us through this website, including uploaded processing statements, and the one cookie we use.",
  });

/** Bump with any change to the text below. */
const UPDATED = "2026-11-27";

export default function Page() {
  const { settings } = useRootData();
  const company = settings.companyName;
  return (
    <LegalPage
      title="Privacy policy"
      path="/privacy-policy"
      updated={UPDATED}
      intro={
        <p>
          This policy explains what information {settings.legalName} (&quot;{company}&quot;, &quot;we&quot;,
          &quot;us&quot;) collects through this website, why we collect it, who we share it with, how long we keep it
          and the choices you have. It covers this website only. If you become a merchant customer, your merchant
          agreement and our sponsor bank&apos;s privacy notice also apply to the account.
        </p>
      }
      sections={[
        {
          id: "what-we-collect",
          title: "Information we collect",
          body: (
            <>
              <p>We collect only what you choose to send us, plus the minimum our server needs to run safely:</p>
              <ul>
                <li>
                  <strong>Free Analysis and contact form.</strong> Your name, business name, e-mail address and phone
                  number; optionally your website, monthly card volume range, average ticket, current processor, how you
                  take payments and a message; and your consent to be contacted.
                </li>
                <li>
                  <strong>Processing statements (optional).</strong> If you upload a statement (PDF, PNG or JPEG, up to
                  10 MB), it usually shows your business name and address, merchant ID, monthly sales and fee totals.
                  Statements should not contain full card numbers; if yours does, tell us and we will delete it and ask
                  for a redacted copy.
                </li>
                <li>
                  <strong>Savings calculator.</strong> The numbers you type into the calculator are processed in your
                  browser and are not sent to us. If you follow &quot;Get my Free Analysis&quot;, they are placed in the
                  form&apos;s address so the form can pre-fill them; they are stored only if you then submit the form.
                </li>
                <li>
                  <strong>Technical information.</strong> Like any web server, ours records the IP address, date and
                  time, page requested, response status and browser type of each request. We use these logs to keep the
                  site secure (for example to limit repeated form submissions) and to fix errors.
                </li>
              </ul>
              <p>
                We do not buy lists, we do not collect information about you from data brokers, and we do not knowingly
                collect information from children under 13.
              </p>
            </>
          ),
        },
        {
          id: "how-we-use-it",
          title: "How we use it",
          body: (
            <ul>
              <li>To prepare your free analysis and to contact you about it, by the means you gave us.</li>
              <li>
                To answer your questions and, if you decide to become a customer, to prepare your merchant application
                with you.
              </li>
              <li>To protect the website and our visitors against spam, abuse and fraud.</li>
              <li>To meet legal obligations, such as keeping records a regulator or court requires.</li>
            </ul>
          ),
        },
        {
          id: "statements",
          title: "How we handle and delete statements",
          body: (
            <>
              <p>
                Uploaded statements are stored privately on our servers, outside the public part of the website, and are
                never available at a public web address. Only {company} staff who prepare analyses can open them, after
                signing in to our staff area. They travel to us over an encrypted (HTTPS) connection.
              </p>
              <p>
                <strong>
                  We delete uploaded statements 90 days after the analysis is completed, or sooner on request.
                </strong>{" "}
                Our written analysis and the notes we keep about your enquiry may stay in our records as described under
                &quot;How long we keep information&quot;, but the statement file itself does not. To have a statement
                deleted earlier, e-mail or call us using the details below.
              </p>
            </>
          ),
        },
        {
          id: "sharing",
          title: "Who we share it with",
          body: (
            <>
              <p>
                <strong>
                  We do not sell or rent your personal information, and we do not share it for advertising.
                </strong>{" "}
                We share it only:
              </p>
              <ul>
                <li>
                  with service providers that host our website, database and e-mail, under contracts that let them use
                  it only to provide that service to us;
                </li>
                <li>
                  with our sponsor bank and processing partners, only if you ask us to open a merchant account, to
                  evaluate and open it;
                </li>
                <li>
                  when the law requires it, or to protect the rights, property or safety of our customers, visitors or
                  us.
                </li>
              </ul>
            </>
          ),
        },
        {
          id: "cookies",
          title: "Cookies",
          body: (
            <>
              <p>
                Visitors to the public website receive <strong>no cookies</strong> from us: no advertising, analytics or
                tracking cookies, and no third-party scripts that set them.
              </p>
              <p>
                The only cookie we set is a <strong>session cookie for staff</strong> who sign in to the admin area. It
                is marked secure and HTTP-only, contains a random session identifier and no personal information, and
                expires when the session ends or after a period of inactivity.
              </p>
            </>
          ),
        },
        {
          id: "visitor-statistics",
          title: "Visitor statistics",
          body: (
            <>
              <p>
                We count visits to this website to learn which pages and campaigns are useful, without cookies and
                without any identifier stored in your browser. When a page has loaded, a small script on it tells our
                server (not a third party) that the page was viewed. For each page view we keep only:
              </p>
              <ul>
                <li>the address of the page, without anything after a &quot;?&quot;;</li>
                <li>
                  the page your visit started on, and the website that sent you there (its name only, for example
                  &quot;google.com&quot;, not the page);
                </li>
                <li>the campaign tags in the address you arrived at (utm_source, utm_medium, utm_campaign), if any;</li>
                <li>whether you use a phone, a tablet or a computer;</li>
                <li>
                  on pages with a form: that the form was shown, that you started filling it in, and on the merchant
                  accounts page that the savings calculator was used (never what you typed); and a search on our
                  resources that found nothing, so we can write about it.
                </li>
              </ul>
              <p>
                These are added up per hour into totals; no record of your individual visit is kept. To tell how many
                different visitors there were, our server combines your IP address and browser type with a random value
                that is replaced every day, and keeps only the result, a code that cannot be turned back into your
                address; the day&apos;s random value and the codes are deleted when the day ends, so a visitor cannot be
                recognised from one day to the next. Your IP address is not stored for this.
              </p>
              <p>
                If your browser sends <strong>Global Privacy Control</strong> or <strong>Do Not Track</strong>, your
                page views are counted without even that daily code. Search engines and other robots are not counted,
                nor is a visit whose browser does not run the page&apos;s script. We do not use Google Analytics or any
                other outside analytics service, we do not build a profile of you, and the totals are kept for two
                years.
              </p>
              <p>
                While you browse, your browser itself keeps, for the open tab only, the page your visit started on and
                the site and campaign that sent you (in its &quot;session storage&quot;, deleted when the tab closes).
                It is sent to us only if you submit one of our forms, with your request, so we know how you found us.
              </p>
            </>
          ),
        },
        {
          id: "security",
          title: "How we protect it",
          body: (
            <p>
              The website is served only over HTTPS. Staff accounts are protected by strong passwords and can be secured
              with two-factor authentication, access to leads and statements is limited to the staff who need it, and
              access is logged. No system is perfectly secure; if we learn of a breach that affects your information, we
              will notify you as the law of your state requires.
            </p>
          ),
        },
        {
          id: "retention",
          title: "How long we keep information",
          body: (
            <ul>
              <li>
                Uploaded statements: until 90 days after the analysis is completed, or until you ask us to delete them.
              </li>
              <li>
                Form submissions and our notes about them: for up to three years after our last contact with you, so
                that we can answer follow-up questions, unless you ask us to delete them sooner or you become a
                customer.
              </li>
              <li>Server logs: 30 days, unless needed longer to investigate abuse.</li>
              <li>
                Visitor statistics: the hourly totals for two years; the daily visitor codes and their random value
                until the end of the day.
              </li>
            </ul>
          ),
        },
        {
          id: "your-choices",
          title: "Your choices and rights",
          body: (
            <>
              <p>
                You can ask us to show you the information we hold about you, correct it, delete it, or stop contacting
                you, at any time and free of charge. We confirm that a request is yours by sending a link to your e-mail
                address, and answer within 45 days of your confirmation. Residents of states with consumer privacy laws,
                such as California, have these rights by law; we extend them to every visitor.
              </p>
              <p>
                To ask for a copy of your data or for its deletion, use our{" "}
                <Link to="/forms/privacy-request">privacy request form</Link>.
              </p>
              <p>Every e-mail we send you also explains how to stop receiving them.</p>
            </>
          ),
        },
        {
          id: "changes",
          title: "Changes to this policy",
          body: (
            <p>
              If we change this policy we will post the new version here and update the date at the top. If a change
              affects how we use information we already hold, we will tell you before it takes effect.
            </p>
          ),
        },
        {
          id: "contact",
          title: "Contact us",
          body: (
            <>
              <p>Questions, requests and complaints about privacy go to:</p>
              <p>
                {settings.legalName}
                <br />
                {settings.streetAddress ? (
                  <>
                    {settings.streetAddress}
                    <br />
                  </>
                ) : null}
                {settings.location} {settings.postalCode}
                <br />
                E-mail: <a href={`mailto:${settings.email}`}>{settings.email}</a>
                <br />
                Phone: <a href={telHref(settings.phone)}>{settings.phone}</a>
              </p>
              <p>
                Or use our <Link to="/contact">contact page</Link>.
              </p>
            </>
          ),
        },
      ]}
    />
  );
}
