import http from "node:http";

/*
 * A client that streams a large request body the way a browser uploads: it stops writing as
 * soon as the answer arrives, so a refusal sent before the body is read (413, with the
 * connection closed) is read as the answer instead of failing the write.
 */
export interface StreamOutcome {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  /** Bytes of the body we had written when the answer's status line arrived. */
  sentWhenAnswered: number;
}

/**
 * Streams up to `totalBytes` of body in 64 KB chunks, as fast as the server reads them, and
 * stops writing as soon as the answer arrives. `declare` sends Content-Length (else chunked).
 */
export function streamBody(
  url: string,
  path: string,
  options: { totalBytes: number; declare: boolean; contentType: string; headers?: Record<string, string> },
): Promise<StreamOutcome> {
  return new Promise((resolve, reject) => {
    const target = new URL(path, url);
    let sent = 0;
    let answered = false;
    const req = http.request(target, {
      method: "POST",
      headers: {
        "Content-Type": options.contentType,
        Origin: url,
        ...(options.declare ? { "Content-Length": String(options.totalBytes) } : {}),
        ...options.headers,
      },
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    req.on("response", (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode!, body, headers: res.headers, sentWhenAnswered });
      });
      res.on("error", reject);
    });
    req.on("error", (err) => {
      if (!answered) reject(err);
    });
    const write = () => {
      while (!answered && sent < options.totalBytes) {
        sent += chunk.byteLength;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      if (!answered) req.end();
    };
    req.flushHeaders();
    write();
  });
}

/**
 * Sends a request's headers and only `sendBytes` of its body (declaring `declaredBytes` as
 * Content-Length, or chunked when absent), never ending it, and resolves with the answer.
 * A server that refuses by Content-Length or after counting past its limit answers while
 * everything sent has been read, so the answer cannot be lost to a connection reset (which
 * a client still writing after the refusal can suffer on a loaded machine).
 */
export function sendPartialBody(
  url: string,
  path: string,
  options: { sendBytes: number; declaredBytes?: number; contentType: string; headers?: Record<string, string> },
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, url), {
      method: "POST",
      headers: {
        "Content-Type": options.contentType,
        Origin: url,
        ...(options.declaredBytes !== undefined ? { "Content-Length": String(options.declaredBytes) } : {}),
        ...options.headers,
      },
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode!, body, headers: res.headers });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.flushHeaders();
    if (options.sendBytes > 0) req.write(Buffer.alloc(options.sendBytes, "a"));
  });
}
