import * as vscode from 'vscode';

/** A failure the user can act on (shown as is); anything else is also logged with its stack. */
export class UserError extends Error {}

export const isUri = (x: unknown): x is vscode.Uri => x instanceof vscode.Uri;

/**
 * Registers a command whose failures reach the user as an error message when it was run from the
 * UI, and reject the call when code ran it with explicit arguments (tests, scripts) — told apart
 * by `isExplicitCall`.
 */
export function registerUserCommand(
  name: string,
  run: (...args: unknown[]) => Promise<unknown>,
  log: vscode.LogOutputChannel,
  isExplicitCall: (args: unknown[]) => boolean,
): vscode.Disposable {
  return vscode.commands.registerCommand(name, async (...args: unknown[]) => {
    try {
      return await run(...args);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (!(e instanceof UserError)) log.error(`${name}: ${e instanceof Error ? e.stack ?? message : message}`);
      if (isExplicitCall(args)) throw e;
      void vscode.window.showErrorMessage(`AnimScope: ${message}`);
      return undefined;
    }
  });
}
