/**
 * The public forms' proof of work (decision 0051), the idea of ALTCHA: the server hands out a
 * challenge, `challenge = hex(SHA-256(salt + number))` for a secret number below `maxNumber`,
 * signed with an HMAC and with its expiry inside the salt (`<random>?expires=<unix seconds>`);
 * the browser finds the number by trying each in turn and posts it back in a hidden field
 * (the ALTCHA payload: base64 of `{ algorithm, challenge, number, salt, signature }`). Shared by
 * the server (checks), the page's worker (solves) and the tests (solve for a post).
 */

/** The hidden field a public form's solution is posted in. */
export const FORM_PROOF_FIELD = "formProof";

export interface FormChallenge {
  algorithm: "SHA-256";
  challenge: string;
  maxNumber: number;
  salt: string;
  signature: string;
}

export interface FormSolution {
  algorithm: "SHA-256";
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

/** The challenge's expiry (ms since the epoch) from its salt; null when it names none. */
export function proofExpiresAt(salt: string): number | null {
  const match = /[?&]expires=(\d{1,12})(?:&|$)/.exec(salt);
  return match ? Number(match[1]) * 1000 : null;
}

export function encodeSolution(solution: FormSolution): string {
  return btoa(JSON.stringify(solution));
}

// SHA-256 of a short ASCII string, synchronous: a solver tries tens of thousands of numbers,
// and Web Crypto's digest costs a round trip to another thread each time (about 30 µs in
// Node, against about 1 µs here). Written for speed on one- or two-block inputs.
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const W = new Uint32Array(64);
const H = new Uint32Array(8);
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

function block(bytes: Uint8Array, offset: number) {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    W[i] = (bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const a = W[i - 15]!;
    const b = W[i - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = H[0]!,
    b = H[1]!,
    c = H[2]!,
    d = H[3]!,
    e = H[4]!,
    f = H[5]!,
    g = H[6]!,
    h = H[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  H[0] = (H[0]! + a) | 0;
  H[1] = (H[1]! + b) | 0;
  H[2] = (H[2]! + c) | 0;
  H[3] = (H[3]! + d) | 0;
  H[4] = (H[4]! + e) | 0;
  H[5] = (H[5]! + f) | 0;
  H[6] = (H[6]! + g) | 0;
  H[7] = (H[7]! + h) | 0;
}

const IV = new Uint32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/** Hashes the first `length` bytes of `bytes` (room for the padding included) into H. */
function digest(bytes: Uint8Array, length: number) {
  const end = Math.ceil((length + 9) / 64) * 64;
  bytes.fill(0, length, end);
  bytes[length] = 0x80;
  const bits = length * 8;
  bytes[end - 4] = (bits >>> 24) & 0xff;
  bytes[end - 3] = (bits >>> 16) & 0xff;
  bytes[end - 2] = (bits >>> 8) & 0xff;
  bytes[end - 1] = bits & 0xff;
  H.set(IV);
  for (let offset = 0; offset < end; offset += 64) block(bytes, offset);
}

const ascii = (text: string, room: number) => {
  const bytes = new Uint8Array(Math.ceil((text.length + room + 9) / 64) * 64);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
};

/** The SHA-256 of an ASCII string (each character's low byte), in lower-case hex. */
export function sha256Hex(text: string): string {
  digest(ascii(text, 0), text.length);
  let hex = "";
  for (let i = 0; i < 8; i++) {
    const v = H[i]!;
    hex += HEX[v >>> 24]! + HEX[(v >>> 16) & 0xff]! + HEX[(v >>> 8) & 0xff]! + HEX[v & 0xff]!;
  }
  return hex;
}

/**
 * The number that solves a challenge (0 to maxNumber), or null when none does: the salt's
 * bytes are written once, each number's digits after them, and the digest is compared as
 * words, so a try is one hash and nothing else.
 */
export function solveChallenge(challenge: Pick<FormChallenge, "challenge" | "maxNumber" | "salt">): number | null {
  if (!/^[0-9a-f]{64}$/.test(challenge.challenge)) return null;
  const target = new Uint32Array(8);
  for (let i = 0; i < 8; i++) target[i] = parseInt(challenge.challenge.slice(i * 8, i * 8 + 8), 16);
  const saltLength = challenge.salt.length;
  const bytes = ascii(challenge.salt, 16);
  for (let n = 0; n <= challenge.maxNumber; n++) {
    const digits = String(n);
    for (let i = 0; i < digits.length; i++) bytes[saltLength + i] = digits.charCodeAt(i);
    digest(bytes, saltLength + digits.length);
    if (
      H[0] === target[0] &&
      H[1] === target[1] &&
      H[2] === target[2] &&
      H[3] === target[3] &&
      H[4] === target[4] &&
      H[5] === target[5] &&
      H[6] === target[6] &&
      H[7] === target[7]
    )
      return n;
  }
  return null;
}
