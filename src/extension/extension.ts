/**
 * Activation: wires the custom editor, the Problems panel, the commands, the status bar and the
 * settings together. The modules each do one job; this file only connects them.
 */
import * as vscode from 'vscode';
import { CompanionChoices } from './model/companions';
import { registerArchiveSupport } from './archive';
import { Commands } from './commands';
import { ProblemsReporter } from './diagnostics';
import { AnimationEditorProvider, OpenTiming, RenderState, SelectionState } from './editorProvider';
import { ModelService } from './model/modelService';
import { affectsDiagnostics, affectsView } from './settings';
import { AnimationStatusBar } from './statusBar';

/** Internal commands (not contributed, so not in the palette), for tests and benchmarks. */
export const LAST_RENDER_STATE_COMMAND = 'animscope._test.lastRenderState';
export const LAST_SELECTION_COMMAND = 'animscope._test.lastSelection';
export const TIMINGS_COMMAND = 'animscope._test.timings';
export const STATUS_BAR_COMMAND = 'animscope._test.statusBar';
export const MODEL_CHOICES_COMMAND = 'animscope._test.modelChoices';

export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('AnimScope', { log: true });
  const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
  const problems = new ProblemsReporter();
  let commands: Commands | undefined;
  const models = new ModelService(context, log);
  const provider = new AnimationEditorProvider(context.extensionUri, log, problems, {
    runCommand: (command, document) => commands?.runFromWebview(command, document.uri),
    models,
    companions: new CompanionChoices(context),
  });
  commands = new Commands(provider, version, log);
  const statusBar = new AnimationStatusBar(provider, 'animscope.goToOffset');

  context.subscriptions.push(
    log,
    problems,
    provider,
    provider.register(),
    commands.register(),
    models.register(provider),
    statusBar,
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (affectsDiagnostics(e)) problems.republishAll();
      if (affectsView(e)) provider.postSettings();
    }),
    vscode.commands.registerCommand(LAST_RENDER_STATE_COMMAND,
      (uri?: vscode.Uri | string): RenderState | undefined => provider.lastRenderState(uri)),
    vscode.commands.registerCommand(LAST_SELECTION_COMMAND,
      (uri?: vscode.Uri | string): SelectionState | undefined => provider.lastSelection(uri)),
    vscode.commands.registerCommand(TIMINGS_COMMAND, (): OpenTiming[] => provider.timings()),
    vscode.commands.registerCommand(STATUS_BAR_COMMAND, () => statusBar.state),
    vscode.commands.registerCommand(MODEL_CHOICES_COMMAND, async (uri: vscode.Uri) => {
      const { beside, elsewhere } = await models.choices(uri);
      return { beside: beside.map(String), elsewhere: elsewhere.map(String) };
    }),
  );
  registerArchiveSupport(context, log, problems);
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
