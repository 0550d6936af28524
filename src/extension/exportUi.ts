/**
 * The VS Code side of the exports: the pickers of Export Sampled Curves (a file of several
 * animations, like MOTN's sequences, offers one or all: files.ts `animationsOf`) and the writing of a document with a cancellable progress notification.
 */
import * as vscode from 'vscode';
import type { ChunkedText, SeveralAnimations } from '../export/files';
import { WriteCancelled, writeChunkedFile } from '../export/chunkedFile';
import { baseName } from '../formats/index';
import { UserError } from './userCommand';

export type CurvesFormat = 'json' | 'csv';

const nounOf = (several: SeveralAnimations): string => several.spec.groups.noun.toLowerCase();

export async function pickCurvesFormat(several: SeveralAnimations | undefined): Promise<{ format: CurvesFormat; oneAnimation: boolean } | undefined> {
  type Item = vscode.QuickPickItem & { format: CurvesFormat; oneAnimation: boolean };
  const noun = several && nounOf(several);
  const items: Item[] = several
    ? [
      { label: `$(table) CSV — one ${noun}…`, detail: 'One row per frame: frame, then one column per track path.', format: 'csv', oneAnimation: true },
      { label: `$(json) JSON — one ${noun}…`, detail: 'The sample contract, like `animscope sample FILE --animation NAME -o OUT`.', format: 'json', oneAnimation: true },
      { label: `$(json) JSON — all ${several.animations.length} ${noun}s that can be sampled`, detail: 'Like `animscope sample FILE -o OUT` (large: every track at every frame).', format: 'json', oneAnimation: false },
    ]
    : [
      { label: '$(table) CSV', detail: 'One row per frame: frame, then one column per track path.', format: 'csv', oneAnimation: false },
      { label: '$(json) JSON', detail: 'The sample contract, like `animscope sample FILE -o OUT`.', format: 'json', oneAnimation: false },
    ];
  return vscode.window.showQuickPick(items, { title: 'AnimScope: Export Sampled Curves', placeHolder: 'Format' });
}

export async function pickAnimation(several: SeveralAnimations): Promise<string | undefined> {
  const noun = nounOf(several);
  const picked = await vscode.window.showQuickPick(
    several.animations.map((a) => ({
      label: a.name,
      description: `${a.frames} frames`,
      detail: a.aliases.length ? `also ${a.aliases.join(', ')}` : undefined,
    })),
    {
      title: `AnimScope: Export Sampled Curves — ${noun}`,
      placeHolder: `${several.spec.groups.noun} to sample${several.unsampled ? ` (${several.unsampled} ${noun}s cannot be sampled and are not listed)` : ''}`,
      matchOnDescription: true,
      matchOnDetail: true,
    },
  );
  return picked?.label;
}

function megabytes(characters: number): string {
  return `${(characters / 1e6).toFixed(1)} MB`;
}

/**
 * Writes a document under a cancellable progress notification: a `file:` target a chunk at a time
 * (through a temporary file, removed when cancelled or failed); another file system's at once.
 * False when the user cancelled (nothing written); a failure is a UserError naming the target.
 */
export async function writeWithProgress(target: vscode.Uri, title: string, build: () => ChunkedText): Promise<boolean> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
    // let the notification show before the document is built (it can take seconds)
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (token.isCancellationRequested) return false;
    const text = build();
    let shown = 0;
    const report = (written: number): void => {
      const percent = Math.floor(text.fraction() * 100);
      if (percent > shown) {
        progress.report({ increment: percent - shown, message: `${percent}% · ${megabytes(written)}` });
        shown = percent;
      }
    };
    try {
      if (target.scheme === 'file') {
        await writeChunkedFile(target.fsPath, text.chunks, { cancelled: () => token.isCancellationRequested, progress: report });
      } else {
        // no appending writes on other file systems: gathered, then written at once
        const parts: Buffer[] = [];
        let written = 0;
        for (const chunk of text.chunks) {
          if (token.isCancellationRequested) return false;
          parts.push(Buffer.from(chunk, 'utf8'));
          written += chunk.length;
          report(written);
          await new Promise((resolve) => setImmediate(resolve));
        }
        await vscode.workspace.fs.writeFile(target, Buffer.concat(parts));
      }
      return true;
    } catch (e) {
      if (e instanceof WriteCancelled) return false;
      if (e instanceof UserError) throw e;
      const code = (e as NodeJS.ErrnoException).code;
      throw new UserError(`cannot write ${target.scheme === 'file' ? target.fsPath : baseName(target.path)}: ${code ?? (e instanceof Error ? e.message : String(e))}.`);
    }
  });
}
