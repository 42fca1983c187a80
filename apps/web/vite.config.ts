import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes .br and .gz beside every text asset of the build, so the server sends them precompressed
 * (@fastify/static `preCompressed`): a third of the bytes for parents on slow mobile networks, at no CPU cost
 * per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tibeb-precompress',
    apply: 'build',
    // The server's render bundle is read from disk by the API, never sent.
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await fs.readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((f) => /\.(js|css|html|svg|json|txt|xml)$/.test(f))
          .map(async (f) => {
            const file = path.join(outDir, f);
            const data = await fs.readFile(file);
            if (data.length < 1024) return;
            const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 };
            await fs.writeFile(`${file}.br`, await brotli(data, { params }));
            await fs.writeFile(`${file}.gz`, await gzip(data, { level: 9 }));
          }),
      );
    },
  };
}

/**
 * Puts the app's stylesheet (about 10 KB compressed) inside index.html, ahead of the scripts (issue 18 item 6).
 * A stylesheet file blocks the first paint until it arrives, and on a 400 kbit/s link with 400 ms latency it
 * shared the line with a dozen script downloads: the first paint (index.html's app shell) came after 2 to 2.7 s.
 * Inline, it arrives with the page's first bytes, before the scripts are even found: the shell paints in under
 * a second. index.html is never cached (apps/api/src/platform/http/web.ts), so this costs those bytes per full page
 * load; the app itself navigates without reloading.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'tibeb-inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        let css = '';
        let out = html;
        for (const link of html.matchAll(
          /\s*<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
        )) {
          const asset = bundle[link[1]!];
          if (asset?.type !== 'asset') continue;
          css += String(asset.source);
          out = out.replace(link[0], '');
          // Nothing else refers to the file any more.
          delete bundle[link[1]!];
        }
        if (!css) return html;
        return out.replace(/(\n\s*)<script type="module"/, `$1<style>${css}</style>$1<script type="module"`);
      },
    },
  };
}

/** Where the server's render bundle goes: `.server/` inside the web build, which the API never serves (web.ts). */
export const SERVER_BUNDLE_DIR = '.server';

/**
 * `vite build` builds the browser's app and then the server's render of the public pages (src/entry-server.tsx,
 * issue 28) into `<outDir>/.server/`, so every build (`npm start`, the e2e and bench builds with their own
 * `--outDir`) carries both, and the API finds the renderer beside the app it serves.
 */
function serverBundle(): Plugin {
  return {
    name: 'tibeb-server-bundle',
    apply: 'build',
    config(user) {
      const clientOutDir = path.resolve(import.meta.dirname, user.build?.outDir ?? 'dist');
      return {
        builder: {
          async buildApp(builder) {
            await builder.build(builder.environments.client!);
            await builder.build(builder.environments.ssr!);
          },
        },
        environments: {
          ssr: {
            // Self-contained: the API loads it from wherever the build is (WEB_DIST), with no node_modules beside it.
            resolve: { noExternal: true },
            build: {
              outDir: path.join(clientOutDir, SERVER_BUNDLE_DIR),
              emptyOutDir: true,
              copyPublicDir: false,
              rollupOptions: {
                input: { 'entry-server': path.resolve(import.meta.dirname, 'src/entry-server.tsx') },
              },
            },
          },
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineStylesheet(), precompress(), serverBundle()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Which files, and how they are isolated: the 'web' and 'web-isolated' projects of vitest.config.ts.
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
});
