import { describe, expect, it } from "vitest";
import {
  asksNotToBeTracked,
  countedPath,
  formKey,
  isBotUserAgent,
  referrerHost,
  searchQuery,
  trafficSource,
  utmOf,
  visitDimensions,
} from "./visit";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

describe("bot filter", () => {
  it("lets browsers through", () => {
    expect(isBotUserAgent(CHROME)).toBe(false);
    expect(isBotUserAgent(SAFARI_IPHONE)).toBe(false);
    expect(isBotUserAgent("Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0")).toBe(false);
  });

  it("leaves out crawlers, previews, headless browsers, scripts and an empty user agent", () => {
    for (const ua of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36",
      "curl/8.5.0",
      "python-requests/2.32.3",
      "",
      "   ",
    ])
      expect(isBotUserAgent(ua), ua).toBe(true);
    expect(isBotUserAgent(null)).toBe(true);
    expect(isBotUserAgent(undefined)).toBe(true);
  });
});

describe("UTM parsing", () => {
  it("reads the three tags from the landing page, trimmed and lower-cased", () => {
    expect(utmOf("/?utm_source=Newsletter&utm_medium=%20Email%20&utm_campaign=Fall%20%20Sale")).toEqual({
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "fall sale",
    });
  });

  it("gives '' for missing tags, a page without a query or no landing page at all", () => {
    expect(utmOf("/services?utm_campaign=fall")).toEqual({ utmSource: "", utmMedium: "", utmCampaign: "fall" });
    expect(utmOf("/about")).toEqual({ utmSource: "", utmMedium: "", utmCampaign: "" });
    expect(utmOf(null)).toEqual({ utmSource: "", utmMedium: "", utmCampaign: "" });
  });

  it("cuts a tag to 100 characters and ignores other parameters", () => {
    const long = "x".repeat(300);
    const utm = utmOf(`/?email=someone%40example.com&utm_source=${long}`);
    expect(utm.utmSource).toHaveLength(100);
    expect(JSON.stringify(utm)).not.toContain("example.com");
  });
});

describe("what a view keeps", () => {
  it("keeps the path without query, fragment or trailing slash", () => {
    expect(countedPath("/resources/search?q=fees#top")).toBe("/resources/search");
    expect(countedPath("/services/")).toBe("/services");
    expect(countedPath("/")).toBe("/");
  });

  it("refuses what is not a path on this site", () => {
    for (const raw of ["https://evil.example/", "//evil.example/x", "about", "/a b", "/a\nb", "/a\\b", ""])
      expect(countedPath(raw), raw).toBeNull();
  });

  it("keeps only the referring host, without www., and nothing for this site or odd schemes", () => {
    expect(referrerHost("https://www.Google.com/search?q=merchant+fees")).toBe("google.com");
    expect(referrerHost("https://news.example.org/post/1", "localhost:3000")).toBe("news.example.org");
    expect(referrerHost("http://localhost:3000/about", "localhost:3000")).toBe("");
    expect(referrerHost("android-app://com.slack/")).toBe("");
    expect(referrerHost("not a url")).toBe("");
    expect(referrerHost(null)).toBe("");
  });

  it("puts a beacon's view together: path, landing path (no query), referrer host, UTM", () => {
    expect(
      visitDimensions({
        path: "/about",
        landing: "/?utm_source=newsletter&utm_campaign=fall",
        referrer: "https://mail.example.com/inbox",
      }),
    ).toEqual({
      path: "/about",
      landingPage: "/",
      referrerHost: "mail.example.com",
      utmSource: "newsletter",
      utmMedium: "",
      utmCampaign: "fall",
    });
    expect(visitDimensions({ path: "http://x/", landing: null, referrer: null })).toBeNull();
  });

  it("reports a source by UTM source, else referrer host, else direct", () => {
    expect(trafficSource("Newsletter", "https://google.com/")).toBe("newsletter");
    expect(trafficSource(null, "https://www.google.com/search")).toBe("google.com");
    expect(trafficSource("", "google.com")).toBe("google.com");
    expect(trafficSource(null, null)).toBe("(direct)");
  });

  it("normalises a search that found nothing", () => {
    expect(searchQuery("  Chargeback   FEES ")).toBe("chargeback fees");
    expect(searchQuery("   ")).toBeNull();
    expect(searchQuery("y".repeat(300))).toHaveLength(100);
  });

  it("counts the Free Analysis form under its slug and staff forms under theirs", () => {
    expect(formKey({ kind: "lead" })).toBe("free-analysis");
    expect(formKey({ kind: "answers", slug: "partner-signup" })).toBe("partner-signup");
  });
});

describe("Global Privacy Control and Do Not Track", () => {
  it("are honoured when either says 1", () => {
    expect(asksNotToBeTracked({ "sec-gpc": "1" })).toBe(true);
    expect(asksNotToBeTracked({ dnt: "1" })).toBe(true);
    expect(asksNotToBeTracked({ dnt: "0" })).toBe(false);
    expect(asksNotToBeTracked({})).toBe(false);
  });
});
