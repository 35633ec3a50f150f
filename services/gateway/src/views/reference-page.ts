/** The HTML of GET /docs: Swagger UI from /docs/assets, started by our own script (no inline code, so a strict CSP holds). */
export function referencePage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pressroom API reference</title>
<link rel="icon" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="reference"><p role="status" style="font: 16px sans-serif; margin: 2rem">Loading the API reference…</p></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/init.js"></script>
</body>
</html>
`;
}

/**
 * Starts Swagger UI on /openapi.json. Try-it calls go to the page's own origin (the
 * document names the public base URL, which may be another host name for this server).
 * "Authorize" takes a pasted API key; it stays in the tab's storage so a reload keeps it.
 * Laying out 125 operations takes Swagger UI seconds, so the page says it is loading until then,
 * and says so when the document cannot be had.
 */
export const REFERENCE_INIT_SCRIPT = `fetch('/openapi.json')
  .then((answer) => {
    if (!answer.ok) throw new Error('GET /openapi.json answered HTTP ' + answer.status);
    return answer.json();
  })
  .then((spec) => {
    spec.servers = [{ url: window.location.origin }];
    window.ui = SwaggerUIBundle({
      spec,
      dom_id: '#reference',
      deepLinking: true,
      persistAuthorization: true,
      displayRequestDuration: true,
      filter: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
    });
  })
  .catch((error) => {
    const status = document.querySelector('#reference [role=status]');
    if (status) status.textContent = 'The API reference could not be loaded: ' + error.message;
  });
`;
