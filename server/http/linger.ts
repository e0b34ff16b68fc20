import type { Socket } from "node:net";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { declaredLength, hasBody } from "./body";

/** How long, and how much, a connection closed after an early answer keeps reading (and discarding). */
export const LINGER_MS = 5000;
export const LINGER_BYTES = 16 * 1024 * 1024;
/**
 * An answered request whose unread rest is at most this (declared by Content-Length) keeps its
 * connection: Node reads and drops that rest before the next request, as cheap as a small post.
 */
export const DRAIN_BYTES = 64 * 1024;

/**
 * Any answer written before its request's body has fully arrived (a refusal, a 404, a 405 of
 * a route without an action) closes the connection after it when the rest may be large (a
 * declared length over DRAIN_BYTES, or chunked): the rest of a refused upload is not taken.
 * A small declared body (a form post refused by its rate limit before it was parsed) keeps the
 * connection alive: Node reads and drops the rest, and a keep-alive client (a browser, a load
 * tool) goes on using the connection instead of finding it closed under its next request.
 * An answer that asked to close (`Connection: close`, e.g. a refused public form) still does.
 *
 * The close is a "lingering close", as nginx does: once the answer is written the server
 * half-closes (its FIN follows the answer) and goes on reading and discarding what the client
 * is still sending, for at most LINGER_MS or LINGER_BYTES, then destroys the socket (decision
 * 0024). Closing at once with unread bytes in the kernel's buffer makes the kernel send a
 * reset, and a client still writing its body then gets EPIPE/ECONNRESET and may never read
 * the answer.
 * The discarded bytes are counted, never kept: memory stays flat.
 */
export function closeWhenBodyUnread() {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!hasBody(req)) return next();
    const writeHead = res.writeHead;
    res.writeHead = function (this: ExpressResponse, ...args: Parameters<typeof writeHead>) {
      if (!req.complete && !this.headersSent && (askedToClose(this) || !smallDeclaredBody(req))) {
        this.setHeader("Connection", "close");
        lingerOnClose(req);
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}

const askedToClose = (res: ExpressResponse) => /\bclose\b/i.test(String(res.getHeader("connection") ?? ""));

/** A body of a declared length (not chunked) no larger than DRAIN_BYTES. */
function smallDeclaredBody(req: ExpressRequest): boolean {
  if (req.headers["transfer-encoding"] !== undefined) return false;
  const length = declaredLength(req.headers["content-length"]);
  return length !== undefined && length <= DRAIN_BYTES;
}

/**
 * Node ends a `Connection: close` answer's socket with `destroySoon()` (end, then destroy once
 * written); for this one socket that becomes: end, discard the rest of the body, then destroy.
 */
function lingerOnClose(req: ExpressRequest) {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  if (!socket || socket.destroyed) return;
  socket.destroySoon = () => {
    if (socket.destroyed) return;
    socket.end();
    if (req.complete) return void socket.destroy();
    let discarded = 0;
    const stop = () => {
      clearTimeout(timer);
      if (!socket.destroyed) socket.destroy();
    };
    const timer = setTimeout(stop, LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    // Whoever was reading the body (a form reader that stopped at the limit) is done with it.
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      discarded += chunk.byteLength;
      if (discarded > LINGER_BYTES) stop();
    });
    req.once("end", stop);
    req.once("error", stop);
    req.resume();
  };
}
