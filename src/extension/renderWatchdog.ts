import * as vscode from 'vscode';

/**
 * Reloads a visible webview that has not rendered its first content in time. In code-server a
 * fresh webview is now and then left unloaded or silent (seen in about one run in three of the
 * host tests); setting its HTML again (a new nonce makes it differ) loads it. Hidden panels are
 * left alone: they load when shown.
 */
export function reloadUntilRendered(
  panel: vscode.WebviewPanel,
  setHtml: () => void,
  hasRendered: () => boolean,
  log: vscode.LogOutputChannel,
  label: string,
  { timeoutMs = 8000, attempts = 3 } = {},
): vscode.Disposable {
  let left = attempts;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = (): void => {
    timer = undefined;
    if (hasRendered() || left <= 0) return;
    if (panel.visible) {
      left--;
      log.warn(`${label}: the webview has not rendered after ${timeoutMs} ms; loading it again`);
      setHtml();
    }
    timer = setTimeout(check, timeoutMs);
  };
  timer = setTimeout(check, timeoutMs);
  return new vscode.Disposable(() => { if (timer) clearTimeout(timer); });
}
