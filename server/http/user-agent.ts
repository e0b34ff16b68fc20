/** "Chrome on Windows" from a user-agent string (enough to recognise one's own devices). */
export function describeUserAgent(ua: string | null | undefined): string {
  if (!ua) return "Unknown device";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\//.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\/|Chromium\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : /curl|node|undici/i.test(ua)
              ? "Script"
              : "Browser";
  const os = /iPhone|iPad|iPod/.test(ua)
    ? "iOS"
    : /Android/.test(ua)
      ? "Android"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /Linux|X11/.test(ua)
            ? "Linux"
            : null;
  return os ? `${browser} on ${os}` : browser;
}

export type DeviceClass = "mobile" | "tablet" | "desktop";

/**
 * A coarse device class from the user agent (and the `Sec-CH-UA-Mobile` client hint when the
 * browser sends it): enough to say how many visitors read on a phone. Tablets first (iPad,
 * Android without "Mobile", Kindle/Silk, "Tablet"), then phones; everything else is desktop.
 * iPadOS 13+ says "Macintosh" like a Mac and is counted as desktop, as every UA parser must.
 */
export function deviceClass(ua: string | null | undefined, chMobile?: string | null): DeviceClass {
  const text = ua ?? "";
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Nexus (?:7|9|10)\b/i.test(text)) return "tablet";
  if (/Android/i.test(text) && !/Mobile/i.test(text)) return "tablet";
  if (chMobile === "?1") return "mobile";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|IEMobile|BlackBerry|Opera Mini/i.test(text)) return "mobile";
  return "desktop";
}
