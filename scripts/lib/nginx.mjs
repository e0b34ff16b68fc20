// Shared by the bench scripts: Debian's nginx (installed when missing) serving pages fetched once
// from the app, from disk, as a control the app's own figures are compared with.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./bench-server.mjs";

const findNginx = () => ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));

/** The nginx binary; installs Debian's package (needs root or sudo) when there is none. */
export function ensureNginx() {
  const existing = findNginx();
  if (existing) return existing;
  console.log("nginx is not installed: installing Debian's nginx package (apt-get install nginx)…");
  const asRoot = process.getuid?.() === 0 ? [] : ["sudo", "-n"];
  const run = (args) =>
    spawnSync(asRoot[0] ?? args[0], asRoot.length ? [...asRoot.slice(1), ...args] : args.slice(1), {
      stdio: "inherit",
    });
  run(["apt-get", "update"]);
  const installed = run(["apt-get", "install", "-y", "--no-install-recommends", "nginx"]);
  const found = findNginx();
  if (installed.status !== 0 || !found)
    throw new Error("could not install nginx (needs root or sudo): apt-get install nginx");
  // The package starts a system service on port 80; the benchmarks run their own instance.
  spawnSync("sh", ["-c", "command -v systemctl >/dev/null && systemctl stop nginx || service nginx stop || true"], {
    stdio: "ignore",
  });
  return found;
}

/** An nginx header value in double quotes. */
const quoted = (value) => `"${String(value).replace(/[\\"$]/g, (c) => `\\${c}`)}"`;

/**
 * Starts nginx on a free loopback port serving `pages` ({ path, body, headers? }) from disk, each
 * with exactly its own `headers` (none when omitted). With `proxyTo` (the app's URL), every other
 * path (assets, icons, the manifest) is proxied to the app, so a browser can load the whole page.
 */
export async function startNginx({ pages, proxyTo }) {
  const bin = ensureNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "meritum-bench-nginx-"));
  const docroot = path.join(dir, "www");
  const locations = pages.map(({ path: p, body, headers = {} }) => {
    const file = p === "/" ? "index.html" : `${p.replace(/^\//, "").replace(/\/$/, "")}/index.html`;
    fs.mkdirSync(path.dirname(path.join(docroot, file)), { recursive: true });
    fs.writeFileSync(path.join(docroot, file), body);
    const adds = Object.entries(headers)
      .map(([name, value]) => `add_header ${name} ${quoted(value)} always;`)
      .join(" ");
    return `    location = ${p} { default_type "text/html; charset=utf-8"; try_files /${file} =404; ${adds} }`;
  });
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    `worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  sendfile on; tcp_nopush on; keepalive_requests 100000;
  default_type text/html;
  server {
    listen 127.0.0.1:${port};
    root ${docroot};
${locations.join("\n")}
    location / { ${proxyTo ? `proxy_pass ${proxyTo}; proxy_http_version 1.1; proxy_set_header Connection "";` : "return 404;"} }
  }
}
`,
  );
  fs.mkdirSync(path.join(dir, "tmp"), { recursive: true });
  // nginx's workers run as "nobody": let them read the pages.
  for (const entry of [dir, ...fs.readdirSync(dir, { recursive: true }).map((e) => path.join(dir, e))]) {
    fs.chmodSync(entry, fs.statSync(entry).isDirectory() ? 0o755 : 0o644);
  }
  execFileSync(bin, ["-t", "-q", "-p", dir, "-c", conf], { stdio: "inherit" });
  const child = spawn(bin, ["-p", dir, "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${url}${pages[0].path}`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGQUIT");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
