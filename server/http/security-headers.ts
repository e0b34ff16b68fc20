import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";

export interface SecurityHeaderOptions {
  isProduction: boolean;
  /** In development Vite injects inline scripts and a websocket; CSP is relaxed there. */
  isDevelopment: boolean;
  /**
   * True for requests whose answer is a public page for an anonymous visitor: those go without
   * Cross-Origin-Opener-Policy (decision 0039); every other response carries it.
   */
  isAnonymousPublicPage: (req: Request) => boolean;
}

const NONCE_BYTES = 16;
/** Random bytes for 256 nonces at a time: one system call instead of one per request. */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

export function createNonce(): string {
  if (nonceOffset === noncePool.length) {
    crypto.randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

function policy(scriptSrc: string, isDevelopment: boolean): string {
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    // Radix positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${isDevelopment ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
  ].join("; ");
}

/** The production policy around its nonce, joined once per response rather than built. */
const [POLICY_BEFORE_NONCE, POLICY_AFTER_NONCE] = policy("'self' 'nonce-\0' 'strict-dynamic'", false).split("\0");
/** In development Vite injects inline scripts and a websocket. */
const DEVELOPMENT_POLICY = policy("'self' 'unsafe-inline'", true);

export function contentSecurityPolicy(nonce: string, isDevelopment: boolean): string {
  return isDevelopment ? DEVELOPMENT_POLICY : POLICY_BEFORE_NONCE + nonce + POLICY_AFTER_NONCE;
}

/**
 * The headers every response carries, with `csp` as its Content-Security-Policy. The page
 * cache sends its hits with these too (with the policy of the page's own nonce).
 *
 * `isolateOpener` adds `Cross-Origin-Opener-Policy: same-origin`: on everything staff use (the
 * admin area, sign-in, the API, any page rendered for a session), not on public pages for
 * anonymous visitors. A document with it cannot share a browsing context group with one without
 * it, so Chromium moves every arrival from another site (or a new tab) into a new renderer
 * process, started while the page loads: on a 2-core machine that cost a public page its
 * Lighthouse score (decision 0039).
 */
export function setSecurityHeaders(res: Response, csp: string, isProduction: boolean, isolateOpener: boolean) {
  res.setHeader("Content-Security-Policy", csp);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  if (isolateOpener) res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader(
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  );
  if (isProduction) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/** Sets the security headers every response carries; puts the CSP nonce on res.locals. */
export function securityHeaders(options: SecurityHeaderOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = createNonce();
    res.locals.nonce = nonce;
    setSecurityHeaders(
      res,
      contentSecurityPolicy(nonce, options.isDevelopment),
      options.isProduction,
      !options.isAnonymousPublicPage(req),
    );
    res.removeHeader("X-Powered-By");
    next();
  };
}
