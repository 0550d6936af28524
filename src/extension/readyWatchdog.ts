import * as vscode from 'vscode';

/**
 * Reloads a visible webview that never said `ready`. In code-server a fresh webview iframe is now
 * and then left unloaded (seen in about one run in three of the host tests); setting its HTML again
 * (a new nonce makes it differ) loads it. Hidden panels are left alone: they load when shown.
 */
export function reloadUntilReady(
  panel: vscode.WebviewPanel,
  setHtml: () => void,
  isReady: () => boolean,
  log: vscode.LogOutputChannel,
  label: string,
  { timeoutMs = 6000, attempts = 3 } = {},
): vscode.Disposable {
  let left = attempts;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = (): void => {
    timer = undefined;
    if (isReady() || left <= 0) return;
    if (panel.visible) {
      left--;
      log.warn(`${label}: the webview did not report ready within ${timeoutMs} ms; loading it again`);
      setHtml();
    }
    timer = setTimeout(check, timeoutMs);
  };
  timer = setTimeout(check, timeoutMs);
  return new vscode.Disposable(() => { if (timer) clearTimeout(timer); });
}
