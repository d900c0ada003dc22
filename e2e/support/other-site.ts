// A page of another site (another origin: a port of its own) with our results widget's line of
// code in it, as a webmaster would paste it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export async function otherSite(
  siteOrigin: string,
  attrs: { game: number; size: string },
): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html lang="zh-Hans"><meta charset="utf-8"><title>友站</title>' +
        '<h1>友站的开奖栏目</h1>' +
        `<script src="${siteOrigin}/embed/loader.js" data-game="${attrs.game}" data-size="${attrs.size}" async></script>` +
        '</html>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
