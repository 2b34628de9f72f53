import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

/** Debian's nginx (nginx-light), when installed: tests that need a real reverse proxy skip without it. */
export const NGINX = '/usr/sbin/nginx';
export const hasNginx = (): boolean => existsSync(NGINX);

export type TestProxy = { url: string; close: () => void };

/**
 * nginx as a reverse proxy and round-robin load balancer in front of the given servers, on a free
 * loopback port, with its own config, pid file and temp directories. Each answer names the server
 * that gave it in `X-Upstream`. GETs that fail on one server are retried on the next (nginx's default).
 */
export async function startNginx(upstreams: readonly string[]): Promise<TestProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'c360-nginx-'));
  const port = await freePort();
  const servers = upstreams.map((u) => `    server ${new URL(u).host} max_fails=1 fail_timeout=2s;`).join('\n');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream c360 {
${servers}
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://c360;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  execFileSync(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'pipe' });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      try {
        const pid = Number(readFileSync(join(dir, 'nginx.pid'), 'utf8').trim());
        if (pid > 0) process.kill(pid, 'SIGQUIT');
      } catch {
        // already gone
      }
      setTimeout(() => rmSync(dir, { recursive: true, force: true }), 500).unref();
    },
  };
}
