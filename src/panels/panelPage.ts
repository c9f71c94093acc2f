// A panel's page: fixed HTML under a strict Content-Security-Policy (`default-src 'none'`, one
// nonce'd script, styles and fonts from the extension's own dist/ only) that loads the webview's
// bundle, and the webview options that go with it. No API string is ever spliced into it: the
// item's data arrives by message after the page says it is ready (itemPanels.ts). And how VS Code
// restores a panel after a reload: each knows its ref and name (and whether it was a preview) from its saved state.
import vscode = require('vscode');
import { asRef, type AccountId, type Target } from '../shared/refs';
import { hasPanel } from '../kinds';

/** What a panel's webview may do and load: scripts, and only the bundle folder. */
export function panelOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return { enableScripts: true, retainContextWhenHidden: false, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist')] };
}

/** The page, with a fresh nonce for its one script: the item panels' bundle, or another's (`grid`: the runs grid). */
export function panelPage(webview: vscode.Webview, extensionUri: vscode.Uri, bundle: 'webview' | 'grid' = 'webview'): string {
  // Web Crypto, loaded when a panel first opens (node:crypto imported at the top would load with the body).
  const nonce = Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const asset = (name: string) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', name)).toString();
  // l10n-ignore: the Content-Security-Policy and the page shell, not words
  const csp = [
    `default-src 'none'`,
    `img-src ${webview.cspSource} data:`,
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  // l10n-ignore: the page shell; its words come with the model
  return `<!DOCTYPE html>
<html lang="${vscode.env.language}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Skyvia</title>
<link rel="stylesheet" href="${asset(`${bundle}.css`)}">
</head>
<body>
<main id="app" aria-live="polite"></main>
<script nonce="${nonce}" src="${asset(`${bundle}.js`)}"></script>
</body>
</html>`;
}

/** Restores the panels VS Code kept across a reload: each knows its ref and name. */
export function panelSerializer(
  panels: { adopt(panel: vscode.WebviewPanel, target: Target, parentName?: string, preview?: boolean): Promise<void> },
  signedIn: (account: AccountId) => Promise<boolean>,
  /** The first account signed in (once the accounts are known): whose a panel saved before accounts had keys is. */
  firstAccount: () => Promise<AccountId | undefined>,
): vscode.WebviewPanelSerializer {
  return {
    async deserializeWebviewPanel(panel, state: unknown) {
      const s = (state ?? {}) as { ref?: unknown; name?: unknown; parent?: unknown; preview?: unknown };
      const ref = asRef(s.ref, await firstAccount());
      if (!ref || !hasPanel(ref.kind) || typeof s.name !== 'string' || !(await signedIn(ref.account))) {
        panel.dispose();
        return;
      }
      // A preview panel comes back as one (VS Code restores its preview editors so too).
      await panels.adopt(panel, { ref, name: s.name }, typeof s.parent === 'string' ? s.parent : undefined, s.preview === true);
    },
  };
}
