/**
 * Activation: wires the custom editor, the Problems panel, the commands, the status bar and the
 * settings together. The modules each do one job; this file only connects them.
 */
import * as vscode from 'vscode';
import { CompanionChoices } from './model/companions';
import { registerArchiveSupport } from './archive';
import { Commands } from './commands';
import { ProblemsReporter } from './diagnostics';
import { AnimationEditorProvider } from './editorProvider';
import { ModelService } from './model/modelService';
import { ProblemsNavigation } from './problemsNavigation';
import { affectsDiagnostics, affectsView } from './settings';
import { AnimationStatusBar } from './statusBar';
import { registerTestProbes, TestProbe } from './testProbes';

export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('AnimScope', { log: true });
  const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
  // what the editors report is kept only for the host tests and the benchmark
  const probe = context.extensionMode === vscode.ExtensionMode.Test ? new TestProbe() : undefined;
  const problems = new ProblemsReporter();
  let commands: Commands | undefined;
  const models = new ModelService(context, log);
  const provider = new AnimationEditorProvider(context.extensionUri, log, problems, {
    runCommand: (command, document) => commands?.runFromWebview(command, document.uri),
    models,
    companions: new CompanionChoices(context),
  }, probe);
  commands = new Commands(provider, version, log);
  const statusBar = new AnimationStatusBar(provider, 'animscope.goToOffset');

  context.subscriptions.push(
    log,
    problems,
    provider,
    provider.register(),
    commands.register(),
    new ProblemsNavigation(provider, log).register(),
    models.register(provider),
    statusBar,
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (affectsDiagnostics(e)) problems.republishAll();
      if (affectsView(e)) provider.postSettings();
    }),
  );
  const archive = registerArchiveSupport(context, log, problems, probe);
  // An animation opened from an archive saves back into it (the archive file system stays read-only otherwise).
  provider.hooks.writeArchiveEntry = (uri, stored) => archive.fs.writeEntry(uri, stored);
  if (probe) context.subscriptions.push(registerTestProbes(probe, { provider, statusBar, models, archive }));
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
